// The match choices of a new game's or a new room's form (templates/_match_choices.html).

// The match choices of the chosen family (its fieldset); a choice left at its default is not sent,
// so a game keeps its family's defaults by name (and its place on the leaderboard).
export function chosenOptions(rules) {
  const options = {};
  const box = document.querySelector(`fieldset.match-choices[data-rules="${rules}"]`);
  for (const input of box ? box.querySelectorAll("[data-option]") : []) {
    const value = input.type === "checkbox" ? input.checked : JSON.parse(input.value);
    if (value !== JSON.parse(input.dataset.default)) options[input.dataset.option] = value;
  }
  return options;
}
