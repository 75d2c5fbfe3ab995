import { audienceOf, canOpenRoute, menuFor, PUBLIC, Role, SIGNED_IN } from '@appointment/contracts/roles';
import type { MenuItem } from '@appointment/contracts/roles';
import { STORAGE_KEYS } from '@appointment/contracts/constants';

/**
 * The role kept in local storage after login (SPEC §2.1, §9). A value outside the known roles
 * still means someone is signed in; such a person gets the regular user's menu.
 */
export interface StoredRole {
  signedIn: boolean;
  role: Role | undefined;
}

const readRaw = (): string | null => {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.role);
  } catch {
    // Blocked storage reads as signed out.
    return null;
  }
};

export const readStoredRole = (): StoredRole => {
  const raw = readRaw();
  if (!raw) return { signedIn: false, role: undefined };
  const parsed = Role.safeParse(raw);
  return { signedIn: true, role: parsed.success ? parsed.data : undefined };
};

export const mayOpen = ({ signedIn, role }: StoredRole, path: string): boolean => {
  if (role !== undefined || !signedIn) return canOpenRoute(role, path);
  const audience = audienceOf(path);
  return audience === PUBLIC || audience === SIGNED_IN;
};

export const menuOf = ({ role }: StoredRole): MenuItem[] => menuFor(role);
