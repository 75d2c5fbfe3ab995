import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

type Names = Readonly<Record<string, string>>;

const CrumbNames = createContext<{ names: Names; name: (path: string, title: string | null) => void }>({
  names: {},
  name: () => undefined,
});

/** Holds the names screens give to the id segments of their paths, for the breadcrumb. */
export function CrumbNamesProvider({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<Names>({});
  // One `name` for the provider's life, so a screen's effect runs again only for a new path or title.
  const name = useCallback(
    (path: string, title: string | null) =>
      setNames((current) => {
        if (title === null) {
          const { [path]: _gone, ...rest } = current;
          return rest;
        }
        return current[path] === title ? current : { ...current, [path]: title };
      }),
    [],
  );
  const value = useMemo(() => ({ names, name }), [names, name]);
  return <CrumbNames.Provider value={value}>{children}</CrumbNames.Provider>;
}

export const useCrumbNames = (): Names => useContext(CrumbNames).names;

/**
 * Names the breadcrumb's crumb for `path` ("Sunrise Clinic", never its id) while the screen that
 * knows the name is shown.
 */
export const useCrumbName = (path: string, title: string | undefined): void => {
  const { name } = useContext(CrumbNames);
  useEffect(() => {
    if (!title) return;
    name(path, title);
    return () => name(path, null);
  }, [name, path, title]);
};
