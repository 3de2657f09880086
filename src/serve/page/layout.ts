import type { HtmlEscapedString } from 'hono/utils/html';
import { h } from './cards.js';

/** Who is looking at the page, as the header shows it. */
export type Viewer = { via: 'loopback' } | { via: 'token'; name: string; formToken: string };

/** What the frame around a view needs: title, view, server instance, viewer and counts. */
export interface PageFrame {
  title: string;
  /** `pending`, `answered`, `ask` (one ask) or `signin`: the script's live updates follow it. */
  view: 'pending' | 'answered' | 'ask' | 'signin' | 'error';
  /** Changes when the server restarts: an open page reloads to get fresh form tokens. */
  instance: string;
  viewer?: Viewer;
  /** Pending asks, for the navigation's count. */
  pending?: number;
  /** The one ask a detail page shows. */
  askId?: string;
}

function nav(f: PageFrame): HtmlEscapedString {
  if (f.view === 'signin') return h``;
  const v = f.viewer;
  const who =
    v === undefined
      ? h``
      : v.via === 'token'
        ? h`<form method="post" action="/signout" class="who"><input type="hidden" name="csrf" value="${v.formToken}">Signed in${v.name !== '' ? h` as <strong>${v.name}</strong>` : ''} <button type="submit" class="link">Sign out</button></form>`
        : h`<label class="who">Answering as <input id="answerer-name" type="text" maxlength="80" autocomplete="name" placeholder="your name"></label>`;
  return h`<nav>
<a href="/"${f.view === 'pending' ? h` aria-current="page"` : ''}>Pending <span class="count" id="pending-count">${f.pending ?? ''}</span></a>
<a href="/answered"${f.view === 'answered' ? h` aria-current="page"` : ''}>Answered</a>
<span class="live" id="live" data-live="off" title="live updates">live</span>
${who}
</nav>`;
}

/** The page around a view: the header, the navigation, the stylesheet and the script. */
export function layout(f: PageFrame, body: HtmlEscapedString): HtmlEscapedString {
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
<header class="top"><a class="brand" href="/">toolgate</a>${nav(f)}</header>
<main data-view="${f.view}" data-instance="${f.instance}"${f.askId !== undefined ? h` data-ask="${f.askId}"` : ''}>
${body}
</main>
</body>
</html>`;
}

/** The sign-in form: the token once, and the name recorded with every answer. */
export function signInBody(message?: string): HtmlEscapedString {
  return h`<section class="signin">
<h1>Sign in</h1>
<p>This toolgate server needs its token to show and answer asks. It is asked for once; your browser then keeps a sign-in cookie for 12 hours.</p>
${message !== undefined ? h`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/signin">
<label>Token <input type="password" name="token" required autocomplete="current-password"></label>
<label>Your name <span class="muted">(recorded with your answers)</span> <input type="text" name="name" maxlength="80" autocomplete="name"></label>
<button type="submit" class="allow">Sign in</button>
</form>
</section>`;
}

/** A refusal or failure, with the way back. */
export function messageBody(title: string, message: string, back = '/'): HtmlEscapedString {
  return h`<section class="message"><h1>${title}</h1><p class="error" role="alert">${message}</p><p><a href="${back}">Back</a></p></section>`;
}
