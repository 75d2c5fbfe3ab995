/** A contracts path (`/api/...`) as a router mounted under /api sees it. */
export const route = (path: string): string => path.replace(/^\/api/, '');
