// Talking to the server: JSON in and out, the session's CSRF token on every change.
// A refusal becomes an ApiError carrying the server's one-sentence detail.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

export function setCsrfToken(token) {
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (meta) meta.content = token;
}

export async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (method !== "GET") options.headers["X-CSRF-Token"] = csrfToken();
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "The server cannot be reached: check the connection and try again.");
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    data = text;
  }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : `The server answered ${response.status}.`;
    throw new ApiError(response.status, detail);
  }
  return data;
}
