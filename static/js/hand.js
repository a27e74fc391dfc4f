/* The hand form, a little quicker: the live hints ("need 130 of 250 counters",
   the throw-in) and the other side's counters (− / + and the focus: entry.js).
   Every number and sentence comes from the server (hands.preview, answered by the engine): no rule
   of the game lives here. Without this file the form works the same, by submitting. */
(function () {
  "use strict";

  // A refused save: the page goes to the first bad field, its sentence in view above
  // the Save bar (the summary at the top lists every problem, each a link to its field).
  var problems = document.getElementById("problems");
  if (problems) {
    var first = problems.getAttribute("data-first-bad");
    var target = first ? document.getElementById(first) : null;
    if (target) {
      var control = target.matches("input, select, textarea, button")
        ? target
        : target.querySelector("input:checked, input, select, textarea");
      var sentence = document.getElementById(first + "-error") || target;
      (control || target).focus({ preventScroll: true });
      sentence.scrollIntoView({ block: "center" });
    } else {
      problems.focus();
    }
  }

  var form = document.querySelector("form.hand-form[data-preview]");
  if (!form || !window.fetch || !window.URLSearchParams || !window.FormData) return;

  var url = form.getAttribute("data-preview");
  var counters = Array.prototype.slice.call(form.querySelectorAll("input.counters"));
  // counters sides that hold a value someone typed, most recently typed first: those the
  // page opened with count (a refused form, "Enter it again"), so editing one side never
  // empties another
  var typed = counters.map(function (input, side) { return input.value.trim() ? side : -1; })
    .filter(function (side) { return side >= 0; }).reverse();
  var latest = 0; // number of the newest question asked
  var timer = null;

  // The one counters field the user did not type into (of the others, all typed).
  function autoSide() {
    if (counters.length < 2 || typed.length !== counters.length - 1) return null;
    for (var side = 0; side < counters.length; side++) {
      if (typed.indexOf(side) < 0) return side;
    }
    return null;
  }

  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf_token" && typeof value === "string") params.append(name, value);
    });
    var side = autoSide();
    if (side !== null) params.set(counters[side].name, ""); // the server fills it
    return params.toString();
  }

  function text(selector, value) {
    var element = form.querySelector(selector);
    if (element && element.textContent !== value) element.textContent = value;
  }

  function show(answer) {
    text("[data-need]", answer.need || "");
    // a sentence already shown beside the bid (the refused save) is not repeated
    var refused = document.getElementById("bid-error");
    var bidError = answer.bid_error || "";
    text("[data-bid-error]", refused && refused.textContent === bidError ? "" : bidError);
    text("[data-throw-in-hint]", answer.throw_in || "");
    text("[data-short-of-meld]", answer.short_of_meld || "");
    // each side's meld as the server sums its checked players' ("Ann 150 + Cal 40 = 190")
    Array.prototype.forEach.call(form.querySelectorAll("[data-side-meld]"), function (line) {
      var words = (answer.side_meld || [])[Number(line.getAttribute("data-side-meld"))];
      if (typeof words === "string" && line.textContent !== words) line.textContent = words;
    });
    // what Save would refuse, in the engine's own sentences (not the bid's: shown above)
    var warnings = form.querySelector("[data-warnings]");
    if (warnings) {
      var sentences = (answer.warnings || [])
        .filter(function (warning) {
          // the bid's is shown beside the bid; a refused save's sentence is already there
          return warning.field !== "bid" && !document.getElementById(warning.field + "-error");
        })
        .map(function (warning) { return warning.message; })
        .concat(answer.dropped || []);
      var now = Array.prototype.map.call(warnings.children, function (p) { return p.textContent; });
      if (now.join("\n") !== sentences.join("\n")) {
        warnings.textContent = "";
        sentences.forEach(function (sentence) {
          var line = document.createElement("p");
          line.className = "hint warn";
          line.textContent = sentence;
          warnings.appendChild(line);
        });
      }
    }
    var box = form.querySelector("[data-throw-in]");
    if (box) {
      var check = box.querySelector("input[type=checkbox]");
      box.hidden = answer.can_throw_in === false && !(check && check.checked);
    }
    var side = autoSide();
    counters.forEach(function (input, index) {
      input.classList.toggle("auto", index === side);
    });
    // never under the person's fingers: the field being typed in is theirs
    if (side !== null && counters[side] !== document.activeElement) {
      var value = answer.filled === side ? answer.counters[side] : null;
      counters[side].value = value === null || value === undefined ? "" : String(value);
    }
  }

  // Ask the server about the form as it is; resolves with the answer (or null).
  function refresh() {
    var mine = ++latest;
    var address = url + (url.indexOf("?") < 0 ? "?" : "&") + query();
    return fetch(address, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (answer && mine === latest) {
          show(answer);
        }
        return answer;
      })
      .catch(function () {
        return null;
      });
  }

  function soon() {
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, 200);
  }

  // The automatic counters are only ever the server's answer to the latest typing:
  // cleared while that answer is on its way, and sent empty on save so the server
  // fills them from what was typed (a slow answer can never be saved for a number
  // nobody typed).
  function clearAuto() {
    var side = autoSide();
    counters.forEach(function (input, index) {
      input.classList.toggle("auto", index === side);
    });
    if (side !== null && counters[side] !== document.activeElement) counters[side].value = "";
  }

  counters.forEach(function (input, side) {
    input.addEventListener("input", function () {
      // once every side was typed, none is filled: a typo then meets the engine's
      // "counters do not add up" instead of being quietly overwritten; a side emptied
      // is no longer typed (the one left empty is filled, never the other)
      typed = typed.filter(function (other) { return other !== side; });
      if (input.value.trim()) typed.unshift(side);
      clearAuto();
    });
    input.addEventListener("blur", soon); // an emptied side is filled once left
  });
  form.addEventListener("submit", clearAuto);
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);

  refresh();
})();
