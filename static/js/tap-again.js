/* Delete asks once, on the button itself: the first tap turns "Delete hand 7" into
   "Tap again to delete hand 7" (for a few seconds), the second deletes. Without this
   file the first tap opens a page that asks the same question (hands/delete.html). */
(function () {
  "use strict";
  var ARMED_MS = 5000;

  document.querySelectorAll("form[data-tap-again]").forEach(function (form) {
    var button = form.querySelector("button[type=submit]");
    if (!button) return;
    var label = button.textContent;
    var said = form.querySelector("[data-said]"); // read out: a changed label is not
    var timer = null;
    var confirmed = document.createElement("input");
    confirmed.type = "hidden";
    confirmed.name = "confirmed";
    confirmed.value = "yes";

    function disarm() {
      timer = null;
      button.textContent = label;
      button.classList.remove("armed");
      if (said) said.textContent = "";
      if (confirmed.parentNode) form.removeChild(confirmed);
    }

    form.addEventListener("submit", function (event) {
      if (timer !== null) {
        window.clearTimeout(timer);
        return; // the second tap: the post carries confirmed=yes
      }
      event.preventDefault();
      form.appendChild(confirmed);
      button.textContent = form.getAttribute("data-tap-again");
      if (said) said.textContent = button.textContent;
      button.classList.add("armed");
      timer = window.setTimeout(disarm, ARMED_MS);
    });
  });
})();
