"""The app in English, French, Polish and Dutch: the languages and their catalogs,
refusals in the page's language, the rules and outcomes in words, numbers and days.
May import the engine and ``paths``; nothing of the store or the service areas."""
