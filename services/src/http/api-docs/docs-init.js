/* global window, SwaggerUIBundle */
// Starts Swagger UI on the API document (GET /api/docs); served from the app, no CDN.
window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
