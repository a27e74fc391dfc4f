/* A club night round's clock counts down each minute without a reload: the server
   says it first (templates/events/_clock.html, web/event_clock.py); this reads when
   time is up from data-clock and says each minute from the phone's own clock, with the
   words the server gave in the page's language. The room's display swaps its content:
   the clocks are looked for again at each tick. */
(function () {
  "use strict";
  if (!window.JSON || !window.Intl || !Intl.PluralRules) return;
  var rules = new Intl.PluralRules(document.documentElement.lang || "en");
  function say(forms, n) {
    return (forms[rules.select(n)] || forms.other).replace("{n}", n);
  }
  // as engine/club/round_clock.py: minutes left up to the next whole one, minutes over whole
  function words(clock) {
    var remaining = clock.end - Date.now() / 1000;
    if (remaining > 0) return say(clock.words.left, Math.ceil(remaining / 60));
    var over = Math.floor(-remaining / 60);
    return over ? say(clock.words.over, over) : clock.words.up;
  }
  function tick() {
    var clocks = document.querySelectorAll("[data-clock]");
    for (var i = 0; i < clocks.length; i++) {
      var clock;
      try { clock = JSON.parse(clocks[i].getAttribute("data-clock")); } catch (e) { continue; }
      var said = words(clock);
      if (clocks[i].textContent !== said) clocks[i].textContent = said;
      clocks[i].classList.toggle("time-up", clock.end <= Date.now() / 1000);
    }
  }
  tick();
  window.setInterval(tick, 5000);
})();
