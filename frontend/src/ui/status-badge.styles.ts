import styled from 'styled-components';
import type { AppointmentStatus } from '@appointment/contracts/appointments';

/** The coloured label of an appointment's status or payment. */
export const Badge = styled.span<{ $status: AppointmentStatus }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme, $status }) => theme.colors.status[$status]};
  border-radius: 999px;
  background: ${({ theme, $status }) => `${theme.colors.status[$status]}26`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.small};
  font-weight: 600;
`;
