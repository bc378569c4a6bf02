// mcp-elicit browser front-end: optional live feedback on top of pages that work without it.
// Server text is never turned into markup here: only textContent is written.
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script, not a module: strict makes the block's functions block-scoped
'use strict';
// One block: in strict code its functions and bindings stay out of the page's global scope.
{
  const body = document.body;
  const entry = body.dataset.entry ?? '';
  const form = document.getElementById('form');
  const nonce = form?.querySelector('input[name="nonce"]')?.value ?? '';
  // Issue 23: the tab's title counts the requests waiting (its icon's dot is server-rendered).
  const baseTitle = body.dataset.title ?? '';
  /** The notification shown for this page's request, if any. */
  let shown;

  // Follow the desk: another request on the page means reload; the queue count is updated in place.
  function followDesk() {
    let failures = 0;
    const events = new EventSource(`/events?entry=${encodeURIComponent(entry)}`);
    events.addEventListener('state', (event) => {
      failures = 0;
      onState(JSON.parse(event.data));
    });
    events.addEventListener('error', () => {
      failures += 1;
      if (events.readyState !== EventSource.CLOSED && failures < 3) return;
      events.close();
      if (body.dataset.finished) return; // the page already says the run is over
      document.getElementById('idle-note')?.remove(); // it would promise a next request here
      banner('This session has ended: you can close this tab. A new one opens if a server asks again.');
    });
  }

  function onState(state) {
    if (state.finished || body.dataset.finished) {
      // The run is over: load the page saying so (once), then wait for the server to go.
      if (!body.dataset.finished) window.location.replace('/');
      return;
    }
    if (state.entry !== entry) {
      shown?.close();
      window.location.replace('/');
      return;
    }
    const queue = document.getElementById('queue');
    if (queue) queue.textContent = queueText(state.waiting);
    showPending(state.pending);
    notify(state);
  }

  // The icon is the server's: it marks every page that shows a request, and a page with none
  // reloads (the desk's entry changed), so only the count in the title changes in place.
  function showPending(pending) {
    const title = `${pending > 0 ? `(${pending}) ` : ''}${baseTitle} · mcp-elicit`;
    if (document.title !== title) document.title = title;
  }

  // If the person allowed it, one notification per new request, in our words (the desk's `notice`).
  function notify(state) {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    if (!state.notice || !state.entry || state.entry !== entry) return;
    if (document.visibilityState === 'visible' && document.hasFocus()) return;
    const key = `mcp-elicit-notified:${state.entry}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    shown = new Notification(state.notice.title, { body: state.notice.body, tag: state.entry });
    shown.onclick = () => {
      window.focus();
      shown?.close();
    };
  }

  // Closed when the request is answered (a button of the form), moved on, gone, or looked at.
  function closeNotifications() {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') shown?.close();
    });
    form?.addEventListener('submit', () => shown?.close());
    window.addEventListener('pagehide', () => shown?.close());
  }

  function offerNotifications() {
    const offer = document.getElementById('notify-offer');
    if (!offer || !('Notification' in window) || Notification.permission !== 'default') return;
    offer.hidden = false;
    document.getElementById('notify-allow')?.addEventListener('click', () => {
      Notification.requestPermission().finally(() => {
        offer.hidden = true;
      });
    });
  }

  function queueText(waiting) {
    if (waiting <= 0) return '';
    return waiting === 1
      ? '1 more request waiting after this one.'
      : `${waiting} more requests waiting after this one.`;
  }

  function banner(text) {
    if (document.getElementById('ended')) return;
    const p = document.createElement('p');
    p.id = 'ended';
    p.className = 'notice';
    p.setAttribute('role', 'status');
    p.textContent = text;
    document.getElementById('main')?.prepend(p);
  }

  function post(path, params) {
    return fetch(path, {
      method: 'POST',
      body: params,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  // URL consent: the link opens the page in a new tab (the person's click); tell the server.
  function watchConsent() {
    const consent = document.querySelector('a[data-consent]');
    consent?.addEventListener('click', () => {
      const params = new URLSearchParams({ nonce, action: 'open', step: 'consent' });
      post('/answer', params).finally(() => window.location.replace('/'));
    });
  }

  // A date-time left empty starts in the browser's own time zone (never over a value).
  function autoZones() {
    const minutes = -new Date().getTimezoneOffset();
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    const zone =
      minutes === 0
        ? 'Z'
        : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    for (const select of document.querySelectorAll('select[data-auto-zone]')) {
      if ([...select.options].some((o) => o.value === zone)) select.value = zone;
    }
  }

  function limitChoices() {
    for (const group of form.querySelectorAll('[data-max-items]')) {
      const max = Number(group.dataset.maxItems);
      const boxes = [...group.querySelectorAll('input[type="checkbox"]')];
      const ticked = boxes.filter((b) => b.checked).length;
      for (const box of boxes) box.disabled = !box.checked && ticked >= max;
    }
  }

  function counters() {
    for (const input of form.querySelectorAll('input[data-max]')) {
      let count = document.getElementById(`${input.id}-count`);
      if (!count) {
        count = document.createElement('span');
        count.id = `${input.id}-count`;
        count.className = 'count';
        input.after(count);
      }
      count.textContent = `${[...input.value].length}/${input.dataset.max} characters`;
    }
  }

  // The engine's issues under each touched field, and aria-invalid on its control (or fieldset).
  function showIssues(result, touched) {
    for (const box of form.querySelectorAll('.error[id$="-err"]')) {
      const name = box.id.slice(0, -4);
      if (!touched.has(name)) continue;
      const control = document.getElementById(name);
      let messages = result.issues?.[name] ?? [];
      if (control?.validity?.badInput) messages = ['This is not a valid value for this field.'];
      box.replaceChildren(...messages.map(paragraph));
      const field = box.closest('.field');
      field?.classList.toggle('has-error', messages.length > 0);
      const target = field?.matches('fieldset') ? field : control;
      if (messages.length > 0) target?.setAttribute('aria-invalid', 'true');
      else target?.removeAttribute('aria-invalid');
    }
  }

  function paragraph(text) {
    const p = document.createElement('p');
    p.textContent = text;
    return p;
  }

  // Live feedback: the server's engine checks what is typed; only touched fields show problems.
  function liveChecks() {
    const touched = new Set();
    let timer;
    const touch = (event) => {
      if (event.target?.name) touched.add(event.target.name.replace(/_tz$/, ''));
    };
    const check = () => {
      clearTimeout(timer);
      timer = undefined;
      post('/check', new URLSearchParams(new FormData(form)))
        .then((response) => (response.ok ? response.json() : undefined))
        .then((result) => result && showIssues(result, touched))
        .catch(() => {});
    };
    form.addEventListener('input', (event) => {
      touch(event);
      limitChoices();
      counters();
      clearTimeout(timer);
      timer = setTimeout(check, 250);
    });
    form.addEventListener('change', touch);
    // Leaving with a check still pending (the tab closes): send it anyway, so nothing typed is lost.
    window.addEventListener('pagehide', () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      navigator.sendBeacon('/check', new URLSearchParams(new FormData(form)));
    });
    limitChoices();
    counters();
  }

  followDesk();
  closeNotifications();
  offerNotifications();
  watchConsent();
  autoZones();
  if (form?.dataset.check) liveChecks();
}
