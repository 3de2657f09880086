import type { HtmlEscapedString } from 'hono/utils/html';
import { h } from './cards.js';

/** What the frame around a view needs: title, view, server instance and the ask a detail page shows. */
export interface PageFrame {
  title: string;
  /** `pending`, `answered`, `ask` (one ask), `grants` or `error`: the script loads (and, for asks, follows) it. */
  view: 'pending' | 'answered' | 'ask' | 'grants' | 'error';
  /** Changes when the server restarts: an open page reloads. */
  instance: string;
  /** The one ask a detail page shows. */
  askId?: string;
}

/** The navigation: counts and the signed-in name are filled in by the script once it has signed in. */
function nav(): HtmlEscapedString {
  return h`<nav>
<a href="/">Pending <span class="count" id="pending-count"></span></a>
<a href="/answered">Answered</a>
<a href="/grants">Grants</a>
<span class="live" id="live" data-live="off" title="live updates">live</span>
<span class="who" id="who" hidden><span id="who-name"></span> <button type="button" class="link" id="signout">Sign out</button></span>
</nav>`;
}

/**
 * A page as a navigation gets it: the frame, the sign-in form (hidden) and an empty view. Nothing
 * of an ask is in it: the script fetches the view with the sign-in it keeps in its memory
 * (decisions 0025, 0064), so opening the address alone — with any cookie — shows nothing.
 */
export function layout(f: PageFrame, body: HtmlEscapedString = h``): HtmlEscapedString {
  return h`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${f.title} · toolgate</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/page.css">
<script src="/page.js" defer></script>
</head>
<body>
<header class="top"><a class="brand" href="/">toolgate</a>${f.view !== 'error' ? nav() : ''}</header>
<main data-view="${f.view}" data-instance="${f.instance}"${f.askId !== undefined ? h` data-ask="${f.askId}"` : ''}>
${body}
${f.view !== 'error' ? h`${signInBody()}<div id="view"></div><noscript><p class="error">The approval page needs JavaScript: it keeps your sign-in in its memory only and sends it with each request.</p></noscript>` : ''}
</main>
</body>
</html>`;
}

/** The sign-in form: serve's token (or an answerer's) once per page load, and the name recorded with every answer. */
export function signInBody(): HtmlEscapedString {
  return h`<section class="signin" id="signin" hidden>
<h1>Sign in</h1>
<p>This toolgate server needs its token to show and answer asks (<code>toolgate serve</code> printed where it keeps it). This page keeps the sign-in in its memory only, never on disk: reloading it or opening it in another tab asks for the token again; other tabs and other sites never see it. Do not let the browser save the token.</p>
<p class="error" role="alert" id="signin-error" hidden></p>
<form method="post" action="/signin" id="signin-form">
<label>Token <input type="password" name="token" required autocomplete="off"></label>
<label>Your name <span class="muted">(recorded with your answers)</span> <input type="text" name="name" maxlength="80" autocomplete="name"></label>
<button type="submit" class="allow">Sign in</button>
</form>
</section>`;
}

/** A refusal or failure, with the way back. */
export function messageBody(title: string, message: string, back = '/'): HtmlEscapedString {
  return h`<section class="message"><h1>${title}</h1><p class="error" role="alert">${message}</p><p><a href="${back}">Back</a></p></section>`;
}
