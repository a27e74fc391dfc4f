/* The hand form, in fewer actions: the bid's − / + step through the engine's bid
   ladder that the page carries (data-bids), with no question to the server; the
   bid chips and the bid field show the same bid; a number field that holds a value is
   selected on a tap (or when the focus comes to it), so typing replaces it; and the
   focus moves on to the next
   number the hand needs (trump tapped: the first meld; the keyboard's Next: the
   next number; after the last: Save; in auction pinochle trump, then the result, then
   Save). No rule of the game lives here: the ladder is
   the server's, and the server scores whatever is sent. Without this file the form
   works the same: chips are radios, and the fields are tapped. */
(function () {
  "use strict";

  var form = document.querySelector("form.hand-form");
  if (!form) return;

  function each(selector, action) {
    Array.prototype.forEach.call(form.querySelectorAll(selector), action);
  }

  // --- the bid: chips, the field, − / + -------------------------------------------------

  var stepper = form.querySelector("[data-bids]");
  var bid = stepper && stepper.querySelector("input[name=bid]");
  var chips = Array.prototype.slice.call(form.querySelectorAll("#bid-chips input[type=radio]"));
  var WHOLE = /^\s*\d+\s*$/;

  // the chip of the bid in the field is the one checked (none for a bid off the chips)
  function showChip() {
    var typed = bid.value.trim();
    chips.forEach(function (chip) {
      chip.checked = chip.value === typed;
    });
  }

  // the bid after (or before) ``value`` on the ladder, as the list holds it
  function stepped(ladder, value, up) {
    if (!WHOLE.test(value)) return ladder[0];
    var current = Number(value);
    var index;
    if (up) {
      for (index = 0; index < ladder.length; index++) {
        if (ladder[index] > current) return ladder[index];
      }
      return ladder[ladder.length - 1];
    }
    for (index = ladder.length - 1; index >= 0; index--) {
      if (ladder[index] < current) return ladder[index];
    }
    return ladder[0];
  }

  if (bid) {
    var ladder = stepper.getAttribute("data-bids").split(" ").map(Number);
    chips.forEach(function (chip) {
      if (chip.checked && !bid.value.trim()) bid.value = chip.value;
      chip.addEventListener("change", function () {
        if (chip.checked) bid.value = chip.value;
      });
    });
    bid.addEventListener("input", showChip);
    each("[data-step]", function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        bid.value = String(stepped(ladder, bid.value, button.getAttribute("data-step") === "up"));
        showChip();
        // the hint asks the server once the taps stop (hand.js waits for a pause)
        bid.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
  }

  // --- the focus moves on --------------------------------------------------------------------

  var save = form.querySelector(".save-bar button[type=submit]");
  var sides = form.querySelectorAll("input.meld").length;
  // the server's word: a throw-in is decided by the bidders' meld, so it is asked for
  var throwInNeedsMeld = form.hasAttribute("data-throw-in-needs-meld");

  function checked(name) {
    var box = form.querySelector("input[name=" + name + "]:checked");
    return box && box.type === "checkbox" ? true : box;
  }

  function usable(input) {
    return input && !input.disabled && input.offsetParent !== null;
  }

  // The numbers the hand needs, the bidders' first (as a table says them: "we had 190,
  // they 60; we took 150"), then the other sides' in the page's order: each side's
  // meld, then the counters of every side but one (the page fills that one with the
  // rest), so the counters typed are the bidders' own.
  // a hand not played to the end records no counters: conceded, stopped by a renege, or
  // (the server's answer, data-short-of-meld) bidders short of the meld to play
  function numbers() {
    if (checked("passed_out") || checked("misdeal")) return [];
    var bidder = checked("bidder");
    var bidders = bidder ? Number(bidder.getAttribute("data-side")) : null;
    var conceded = bidder && checked("thrown_in");
    var reneged = checked("renege");
    var short = form.querySelector("[data-short-of-meld]");
    var unplayed = (reneged && reneged.value !== "") || (short && short.textContent.trim() !== "");
    var order = bidders === null ? [] : [bidders];
    for (var side = 0; side < sides; side++) {
      if (side !== bidders) order.push(side);
    }
    var list = [];
    order.forEach(function (side) {
      // a thrown-in hand: the bidders lose the bid, their meld no longer counts (but where
      // the rules allow the throw-in by it: then it is asked first)
      if (!(conceded && side === bidders && !throwInNeedsMeld)) {
        list.push(form.querySelector("input[name=meld_" + side + "]"));
      }
    });
    if (!conceded && !unplayed) {
      order.slice(0, sides - 1).forEach(function (side) {
        list.push(form.querySelector("input[name=counters_" + side + "]"));
      });
    }
    return list.filter(usable);
  }

  function firstEmpty() {
    var list = numbers();
    for (var i = 0; i < list.length; i++) {
      if (!list[i].value.trim()) return list[i];
    }
    return null;
  }

  // the focus on ``element``, shown in the middle of the screen (never under the Save bar)
  function focusOn(element) {
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  }

  function moveOn(from) {
    var list = numbers();
    var index = list.indexOf(from);
    var next = index < 0 ? firstEmpty() : list[index + 1];
    focusOn(next || save);
  }

  // A number field that holds a value (the bid's minimum, counters filled in, a value put
  // back) is selected when the focus comes to it (Next) and on each tap: typing replaces
  // it, never adds to it ("250" and 400 typed is 400, not 250400).
  function selectAll(event) {
    var input = event.target;
    if (input.value) input.select();
  }
  each("input[inputmode=numeric]", function (input) {
    input.enterKeyHint = "next";
    input.addEventListener("focus", selectAll);
    input.addEventListener("click", selectAll); // after the tap has put the caret in place
  });

  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key !== "Enter" || target.tagName !== "INPUT") return;
    if (/^(checkbox|radio|hidden|submit|button)$/.test(target.type)) return;
    event.preventDefault(); // not a save: the Next key goes to the next number
    moveOn(target);
  });

  // Auction pinochle: "conceded" in the trump group is a hand not played, so the result
  // (made or went bete) is not asked; a suit asks it. The server refuses both alike.
  var result = form.querySelector("[data-result]");

  function showResult() {
    if (!result) return;
    var trump = checked("trump");
    var conceded = trump && trump.value === "conceded";
    result.hidden = Boolean(conceded);
    if (conceded) {
      Array.prototype.forEach.call(result.querySelectorAll("input"), function (input) {
        input.checked = false;
      });
    }
  }
  showResult();

  // the rarer outcomes' fold opens when one of them holds a value (a draft put back)
  var other = form.querySelector("[data-other-outcomes]");
  function openOther() {
    if (other && other.querySelector("input[type=checkbox]:checked, input[type=radio]:checked:not([value=''])")) {
      other.open = true;
    }
  }
  openOther();

  // a tap on trump (or on "thrown in" once trump is chosen) leads to the first number
  // (auction: to the result, or Save once conceded); a tap on the result, to Save
  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "trump") showResult();
    openOther();
    if (!event.isTrusted) return; // a draft put back moves nothing
    if ((target.name === "passed_out" || target.name === "misdeal") && target.checked) {
      focusOn(save);
    } else if (result && target.name === "trump") {
      focusOn(result.hidden ? save : result.querySelector("input"));
    } else if (result && target.name === "made") {
      focusOn(save);
    } else if (target.name === "trump" || (target.name === "thrown_in" && checked("trump"))) {
      var next = firstEmpty();
      if (next) focusOn(next);
    }
  });
})();
