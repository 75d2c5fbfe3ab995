import styled from 'styled-components';

export { Screen, SuccessNote, Title } from '../../../ui/screen.styles';

export const Lead = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Footer = styled.p`
  margin: 0;
  text-align: center;
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Choice = styled.button`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

export const ChoiceTitle = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

export const ChoiceText = styled.span`
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FormHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};

  & > h2 {
    flex: 1;
    text-align: left;
  }
`;

export const Email = styled.strong`
  word-break: break-all;
  color: ${({ theme }) => theme.colors.text};
`;

/** What went well (the reset link is on its way, the password was reset), framed in the success colour. */
