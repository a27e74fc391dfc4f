// Small conveniences for every page; each page works without them.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // new game: choosing a rule set shows its form at once
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "ruleset" && target.form && target.form.classList.contains("presets")) {
      target.form.submit();
    }
  });
})();
