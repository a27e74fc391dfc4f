"""What a person sees of the words on a page, read in the browser: a word split over two
lines ("Nort/h"), and what shows beyond a screen that cannot scroll."""

from __future__ import annotations

SPLIT_WORDS = """() => {
  // every word shown, in boxes on more than one line
  const split = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.checkVisibility()) continue;
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 2) {
        const where = node.parentElement.closest("[class]") || node.parentElement;
        split.push(`${word[0]} (${where.tagName.toLowerCase()}.${where.className})`);
      }
    }
  }
  return split;
}"""

OFF_SCREEN = """() => {
  // what shows beyond the screen, words that spill out of their box (over the next),
  // and words cut short that are not a name
  const out = [];
  // the part of an element a box around it that clips (an ellipsis) lets show; the
  // page's own edges (html, body) do not count: beyond them is off the screen
  const shownPart = e => {
    const r = e.getBoundingClientRect();
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const box = a.getBoundingClientRect();
      [left, top] = [Math.max(left, box.left), Math.max(top, box.top)];
      [right, bottom] = [Math.min(right, box.right), Math.min(bottom, box.bottom)];
    }
    return {left, top, right, bottom};
  };
  for (const e of document.querySelectorAll("body *")) {
    if (!e.checkVisibility()) continue;
    const r = shownPart(e);
    if (r.right <= r.left || r.bottom <= r.top) continue;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
      out.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 40)}" at ` +
        `${Math.round(r.right)}x${Math.round(r.bottom)}`);
    const style = getComputedStyle(e);
    const text = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (text && style.overflowX === "visible" && e.scrollWidth > e.clientWidth + 1 &&
        style.display !== "inline")
      out.push(`spills over its box: ${e.textContent.trim().slice(0, 40)}`);
    if (style.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1 &&
        !e.classList.contains("name") && !e.classList.contains("event-name"))
      out.push(`cut short: ${e.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""

BEYOND_THE_SIDES = """() => {
  // what shows beyond the left or right of a phone's screen (a page that scrolls down,
  // never sideways), as far as a box around it that clips lets it show
  const out = [];
  for (const e of document.querySelectorAll("body *")) {
    if (!e.checkVisibility()) continue;
    const r = e.getBoundingClientRect();
    let [left, right] = [r.left, r.right];
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === "visible") continue;
      const box = a.getBoundingClientRect();
      [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
    }
    if (right <= left) continue;
    if (left < -1 || right > innerWidth + 1)
      out.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 40)}" ` +
        `from ${Math.round(left)} to ${Math.round(right)}`);
  }
  return out;
}"""
