/** The Camunda 7 REST API release whose operations, shapes and answers this server follows. */
export const CAMUNDA_REST_API_VERSION = '7.24.0';
