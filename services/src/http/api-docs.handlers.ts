import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { API_OPERATIONS } from '@appointment/contracts/api';
import { openApiDocument } from '@appointment/contracts/openapi';
import { route } from './routes';
import { handlers, type OperationHandlers } from './mount-operations';

/** The page of GET /api/docs: Swagger UI's bundle and style, from the app (no CDN). */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Appointment API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body>
</html>`;

const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const DOCS_FILES: Record<string, string> = {
  'swagger-ui.css': path.join(SWAGGER_UI, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(SWAGGER_UI, 'swagger-ui-bundle.js'),
  'docs-init.js': path.join(__dirname, 'api-docs', 'docs-init.js'),
};

/** The API document (OpenAPI 3.1, from the contracts) and its reference page. */
export const apiDocsHandlers = (): OperationHandlers => {
  // Generated once: the contracts do not change while the process runs.
  const { version } = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  };
  const document = JSON.stringify(openApiDocument({ version }));

  return handlers({
    openApi: async ({ res }) => {
      res.type('application/json').send(document);
    },
    docs: async ({ res }) => {
      res.type('html').send(DOCS_PAGE);
    },
  });
};

/** The reference page's three files, and nothing else of the package (its demo page points elsewhere). */
export const apiDocsFiles = (): Router => {
  const router = Router();
  router.use(route(API_OPERATIONS.docs.path), (req, res, next) => {
    const file = DOCS_FILES[req.path.slice(1)];
    if (req.method !== 'GET' || !file) return next();
    res.sendFile(file, { maxAge: '1h' });
  });
  return router;
};
