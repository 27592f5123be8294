/**
 * The inline script of every prerendered page (decisions 056, 061): no page the build prerenders has
 * a script element before its first paint. The script loads the entry once the page has painted, not
 * as a script element the browser fetches alongside the stylesheet and may evaluate in the task of
 * the first layout. On the sign-in page it first holds the form: what is typed stays in its fields,
 * a tap ticks its checkbox and a press on Sign in is kept for the app (heldFormScript). The signed-in
 * pages have no form: what is typed in their search fields stays there until the app takes it.
 * Apart from prerender.ts (which has the build's imports) so that the web tests can run the very
 * script the page carries.
 */
import { HELD_FORM_GLOBAL, PRERENDERED_ATTRIBUTE } from '../src/lib/prerendered-form.ts';
import { AFTER_PAINT_META, PRELOADS_PER_TASK } from '../src/preload-after-paint.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;

/**
 * The inline script that loads the entry at `src` once the browser has recorded the page's first
 * contentful paint, or 300 ms after its first frame (no paint timing, or nothing contentful), as
 * src/first-paint.ts does for the app. In the same moment it preloads the first of the chunks the
 * page names for after the paint (the app's own chunk comes first, decision 061) and leaves the rest
 * in the meta element for the entry (preload-after-paint.ts): the app's code loads alongside the
 * entry, not one round trip after it. Plain ES5: it runs before anything is loaded. The server
 * allows it in the page's Content-Security-Policy by its SHA-256.
 */
export function entryLoader(src: string): string {
  return (
    `(function(){var d=!1,s=function(){if(d)return;d=!0;var h=document.head,` +
    `e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(src)};h.appendChild(e);` +
    `var m=document.querySelector('meta[name="${AFTER_PAINT_META}"]'),c=m?m.content.split(' '):[],i=0;` +
    `for(;i<c.length&&i<${String(PRELOADS_PER_TASK)};i++){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=c[i];h.appendChild(l)}if(m)m.content=c.slice(i).join(' ')};` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(s,0)})` +
    `.observe({type:'paint',buffered:!0})}catch(x){}requestAnimationFrame(function(){setTimeout(s,300)})})()`
  );
}

/**
 * The inline script that holds the page's static form from its first paint until the app hydrates
 * it (src/lib/prerendered-form.ts reads what it kept from `window[HELD_FORM_GLOBAL]`, and sets its
 * `done` then): Sign in is enabled, a tap on a checkbox ticks it, and a sending is kept for the app,
 * not done by the browser. Before it, a tap in the time the entry took to arrive on a slow phone
 * was lost. Plain ES5, like the loader it comes with.
 */
export function heldFormScript(): string {
  return (
    `(function(){var h=window[${JSON.stringify(HELD_FORM_GLOBAL)}]={taps:[],sent:!1,done:!1},` +
    `f=document.querySelector('form[${PRERENDERED_ATTRIBUTE}]');if(!f)return;` +
    `var b=f.querySelector('button[type="submit"]');if(b)b.removeAttribute('disabled');` +
    `f.addEventListener('click',function(e){if(h.done)return;var x=e.target;` +
    `x=x&&x.closest?x.closest('[role="checkbox"]'):null;if(!x||!f.contains(x))return;` +
    `var c=x.getAttribute('aria-checked')==='true',i=0;while(i<h.taps.length&&h.taps[i][0]!==x)i++;` +
    `if(i===h.taps.length)h.taps.push([x,c]);x.setAttribute('aria-checked',String(!c));` +
    `x.setAttribute('data-state',c?'unchecked':'checked')},!0);` +
    `f.addEventListener('submit',function(e){if(h.done)return;e.preventDefault();h.sent=!0},!0)})()`
  );
}

const PRERENDERED_FORM = new RegExp(`<form [^>]*${PRERENDERED_ATTRIBUTE}`);

/** Whether a page's markup has a form for heldFormScript to hold (the sign-in page's). */
export const hasPrerenderedForm = (html: string) => PRERENDERED_FORM.test(html);

/**
 * `html` with its entry's script element replaced by the inline loader, at the end of the body, after
 * the script that holds the page's prerendered form (if it has one) until then.
 */
export function withEntryAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry?.[1]) throw new Error('prerender: no entry script to load after the paint');
  const hold = hasPrerenderedForm(html) ? `${heldFormScript()};` : '';
  return html
    .replace(entry[0], '')
    .replace('</body>', `<script>${hold}${entryLoader(entry[1])}</script></body>`);
}
