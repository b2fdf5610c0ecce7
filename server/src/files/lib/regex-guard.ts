/**
 * Refuses regular expressions whose cost can explode before they reach the database. PostgreSQL compiles a
 * pattern into an automaton whose size multiplies along nested repetitions: `(a{1,255}){1,255}` took minutes.
 * Allowed: up to 200 characters, repetition bounds up to 100 and adding up to at most 100 over the pattern (each
 * bounded repetition is that many copies in the automaton: `.{1,100}` ten times cost 0.2 ms per name), up to 20
 * quantifiers, no quantifier applied to a group that itself repeats something, no back-references. That leaves every pattern people search names with
 * (`^IMG_\d+\.jpe?g$`, `\.(mp4|mkv)$`, `s0[1-9]e\d{2}`) and turns the rest into a clear 400.
 */

const MAX_LENGTH = 200;
const MAX_BOUND = 100;
const MAX_QUANTIFIERS = 20;
const MAX_BOUND_TOTAL = 100;

/** Why the pattern is refused, or null when it may run. */
export function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_LENGTH) return `the pattern is longer than ${MAX_LENGTH} characters`;
  // "***=" makes the rest a literal string.
  if (pattern.startsWith("***=")) return null;
  // Per open group: does it repeat anything inside?
  const groups: boolean[] = [];
  let lastWasRepeatingGroup = false;
  let quantifiers = 0;
  let boundTotal = 0;
  const quantified = (): string | null => {
    if (lastWasRepeatingGroup) return "nested repetition such as (a+)* is not allowed";
    quantifiers++;
    if (quantifiers > MAX_QUANTIFIERS) return `more than ${MAX_QUANTIFIERS} repetitions`;
    if (groups.length > 0) groups[groups.length - 1] = true;
    lastWasRepeatingGroup = false;
    return null;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next)) return "back-references are not allowed";
      i++;
      lastWasRepeatingGroup = false;
    } else if (c === "[") {
      // A bracket expression: "]" right after "[" or "[^" is a literal; "[:alpha:]" and friends nest.
      let j = i + 1;
      if (pattern[j] === "^") j++;
      if (pattern[j] === "]") j++;
      while (j < pattern.length && pattern[j] !== "]") {
        if (pattern[j] === "[" && /[:.=]/.test(pattern[j + 1] ?? "")) {
          const close = pattern.indexOf(`${pattern[j + 1]}]`, j + 2);
          j = close < 0 ? pattern.length : close + 2;
        } else j++;
      }
      i = j;
      lastWasRepeatingGroup = false;
    } else if (c === "(") {
      groups.push(false);
      lastWasRepeatingGroup = false;
    } else if (c === ")") {
      const repeats = groups.pop() ?? false;
      lastWasRepeatingGroup = repeats;
      if (repeats && groups.length > 0) groups[groups.length - 1] = true;
    } else if (c === "*" || c === "+" || c === "?") {
      // "?" right after a quantifier makes it non-greedy; "(?" opens a special group, handled above.
      if (c === "?" && /[*+?}]/.test(pattern[i - 1] ?? "")) continue;
      if (c === "?" && pattern[i - 1] === "(") continue;
      const problem = quantified();
      if (problem) return problem;
    } else if (c === "{") {
      const bound = /^\{(\d*)(?:,(\d*))?\}/.exec(pattern.slice(i));
      if (!bound) continue;
      const numbers = [bound[1], bound[2]].filter((n): n is string => Boolean(n)).map(Number);
      if (numbers.some((n) => n > MAX_BOUND)) return `repetition bounds above ${MAX_BOUND} are not allowed`;
      boundTotal += Math.max(0, ...numbers);
      if (boundTotal > MAX_BOUND_TOTAL) return `repetition bounds adding up to more than ${MAX_BOUND_TOTAL}`;
      const problem = quantified();
      if (problem) return problem;
      i += bound[0].length - 1;
    } else {
      lastWasRepeatingGroup = false;
    }
  }
  return null;
}
