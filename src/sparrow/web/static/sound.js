// The table's one sound: a short tone when a decision is yours (the Sound setting). The game table
// uses it (table.js, for every family).
let audio = null;

export function beep(enabled) {
  if (!enabled) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.08);
  } catch (error) {
    /* no sound on this device */
  }
}
