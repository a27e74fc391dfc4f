// The meld checker, quicker: a tap on a card adds a copy (back to 0 after the
// deck's copies), and the results come back from the server as the same page,
// whose <main> replaces this one. Without this script the page works as a
// plain GET form. No meld rule lives here: the counts' limit is the input's
// max, and every number is the server's.
(function () {
  "use strict";

  var FORM_ID = "meld-form";
  var DELAY = 150; // ms: a burst of taps asks the server once
  var timer = null;
  var pending = null;

  function theForm() {
    return document.getElementById(FORM_ID);
  }

  function showCount(cell, count) {
    cell.querySelector(".count").textContent = String(count);
    cell.classList.toggle("held", count > 0);
    cell.setAttribute("aria-label", cell.getAttribute("data-label") + ": " + count);
  }

  function setup() {
    var form = theForm();
    if (!form) return;
    var grid = form.querySelector(".grid");
    if (!grid) return;
    grid.classList.add("tap");
    form.classList.add("live"); // taps and choices refresh by themselves
    Array.prototype.forEach.call(grid.querySelectorAll(".cell"), function (cell) {
      var input = cell.querySelector("input");
      cell.setAttribute("role", "button");
      cell.setAttribute("tabindex", "0");
      input.setAttribute("tabindex", "-1");
      showCount(cell, parseInt(input.value, 10) || 0);
    });
  }

  function bump(cell) {
    var input = cell.querySelector("input");
    var most = parseInt(input.max, 10);
    var count = (parseInt(input.value, 10) || 0) + 1;
    if (!(count <= most)) count = 0;
    input.value = String(count);
    showCount(cell, count);
    // an answer already on its way is for the cards before this tap: drop it
    if (pending) {
      pending.abort();
      pending = null;
    }
    // the grid is what counts now: typed cards would replace it
    var typed = theForm().elements.namedItem("cards");
    if (typed && typed.value) typed.value = "";
    schedule(DELAY);
  }

  function query(form) {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (name.indexOf("c_") === 0 && value === "0") return; // absent means none
      params.append(name, value);
    });
    return form.getAttribute("action") + "?" + params.toString();
  }

  function schedule(delay) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(refresh, delay);
  }

  // What has focus, so it can be found again in the new page.
  function focusState() {
    var active = document.activeElement;
    if (!active || active === document.body) return null;
    var cell = active.closest ? active.closest(".cell") : null;
    if (cell) return { cell: cell.querySelector("input").name };
    if (!active.id) return null;
    var state = { id: active.id };
    if (active.tagName === "INPUT" && active.type === "text") {
      state.sent = active.value;
      state.start = active.selectionStart;
      state.end = active.selectionEnd;
    }
    return state;
  }

  function restoreFocus(state) {
    if (!state) return;
    var target = null;
    if (state.cell) {
      var input = document.querySelector('.cell input[name="' + state.cell + '"]');
      target = input ? input.closest(".cell") : null;
    } else {
      target = document.getElementById(state.id);
    }
    if (!target) return;
    if (state.sent !== undefined && state.now !== undefined && state.now !== state.sent) {
      target.value = state.now; // typed while the answer was on its way: keep it
    }
    target.focus({ preventScroll: true });
    if (state.start !== undefined && target.setSelectionRange && target.value === state.now) {
      target.setSelectionRange(state.start, state.end);
    }
  }

  function refresh() {
    timer = null;
    var form = theForm();
    if (!form) return;
    var url = query(form);
    if (pending) pending.abort();
    var controller = new AbortController();
    pending = controller;
    var results = document.getElementById("results");
    if (results) results.classList.add("busy");
    var state = focusState();
    fetch(url, { signal: controller.signal, credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.text();
      })
      .then(function (html) {
        if (pending !== controller) return;
        pending = null;
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var old = document.querySelector("main");
        if (!fresh || !old) {
          window.location.assign(url);
          return;
        }
        if (state && state.id) {
          var typing = document.getElementById(state.id);
          if (typing && state.sent !== undefined) {
            state.now = typing.value;
            state.start = typing.selectionStart;
            state.end = typing.selectionEnd;
          }
        }
        old.replaceWith(document.adoptNode(fresh));
        setup();
        restoreFocus(state);
        window.history.replaceState(null, "", url);
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        window.location.assign(url); // the plain page, as without this script
      });
  }

  document.addEventListener("click", function (event) {
    var cell = event.target.closest ? event.target.closest("#" + FORM_ID + " .grid.tap .cell") : null;
    if (!cell) return;
    event.preventDefault(); // a label would otherwise forward the click to its input
    if (event.target.tagName === "INPUT") return;
    bump(cell);
  });

  document.addEventListener("keydown", function (event) {
    var cell = event.target.classList && event.target.classList.contains("cell") ? event.target : null;
    if (!cell || !cell.closest(".grid.tap")) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      bump(cell);
    }
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target.form || target.form.id !== FORM_ID) return;
    if (target.name === "trump" || target.name === "ruleset") schedule(0);
  });

  document.addEventListener("submit", function (event) {
    if (event.target.id !== FORM_ID) return;
    event.preventDefault();
    // asked for: put the phone's keyboard away so the answer shows
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    schedule(0);
  });

  setup();
})();
