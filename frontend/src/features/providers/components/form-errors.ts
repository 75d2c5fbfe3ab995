/** Messages keyed by the full path of their field, as the server names them ("breaks.0.endTime"). */
export type PathErrors = Record<string, string>;

/** The first message of each field path of a zod failure. */
export const errorsByPath = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): PathErrors => {
  const errors: PathErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
};

export const dayLabel = (day: string): string => day.charAt(0).toUpperCase() + day.slice(1);
