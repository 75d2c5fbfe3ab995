import { audienceOf, canOpenRoute, menuFor, PUBLIC, Role, SIGNED_IN } from '@appointment/contracts/roles';
import type { MenuItem } from '@appointment/contracts/roles';
import { STORAGE_KEYS } from '@appointment/contracts/constants';

/**
 * The role kept in local storage after login (docs/product.md §2.1, §9). A value outside the known roles
 * still means someone is signed in; such a person gets the regular user's menu.
 */
export interface StoredRole {
  signedIn: boolean;
  role: Role | undefined;
}

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Blocked storage reads as signed out.
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage only costs staying signed in across reloads.
  }
};

export const readStoredRoleValue = (): string | null => read(STORAGE_KEYS.role) || null;
/**
 * The session lives in the httpOnly cookie only, out of any script's reach; the token is never
 * stored (an `app_token` left by an older version is removed).
 */
export const storeSession = (role: string): void => {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.role, role);
};

export const storeRole = (role: string): void => write(STORAGE_KEYS.role, role);

export const clearStoredSession = (): void => {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.role, null);
};

export const storedRoleOf = (raw: string | null): StoredRole => {
  if (!raw) return { signedIn: false, role: undefined };
  const parsed = Role.safeParse(raw);
  return { signedIn: true, role: parsed.success ? parsed.data : undefined };
};

export const readStoredRole = (): StoredRole => storedRoleOf(readStoredRoleValue());

export const mayOpen = ({ signedIn, role }: StoredRole, path: string): boolean => {
  if (role !== undefined || !signedIn) return canOpenRoute(role, path);
  const audience = audienceOf(path);
  return audience === PUBLIC || audience === SIGNED_IN;
};

export const menuOf = ({ role }: StoredRole): MenuItem[] => menuFor(role);
