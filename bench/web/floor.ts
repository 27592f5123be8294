/**
 * The floor of the login page's LCP: the same login screen as plain HTML (no stylesheet, no
 * script, no font), served on its own port beside the app. The app's /login LCP is reported as a
 * ratio to this page's, measured in the same run (issue 17: at most 2.0×).
 */
import { createServer, type Server } from 'node:http';

export const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Sign in to Installer Toolkit">
<link rel="icon" href="data:,">
<title>Installer Toolkit</title>
</head>
<body>
<main>
<h1>Installer Toolkit</h1>
<p>Sign in to install, test and manage on-board equipment</p>
<form method="post" action="/login">
<p><label for="username">Username or email</label><br><input id="username" name="username" autocomplete="username"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password"></p>
<p><input id="remember" name="rememberMe" type="checkbox"> <label for="remember">Remember me on this device</label></p>
<p><button type="submit">Sign in</button></p>
</form>
<p>Use the username or email and password of your fleet-management system account.</p>
<p>Trouble signing in? Contact your fleet administrator or Installer Toolkit support.</p>
</main>
</body>
</html>
`;

/** Serves the floor page at /login on a free port of 127.0.0.1. */
export async function startFloorServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url?.split('?')[0] !== '/login') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${String(port)}/login` };
}
