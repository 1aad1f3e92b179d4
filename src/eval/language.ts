// Is an answer in English? The rule judge reads English only (its negations, hedges and pronouns are English
// words); an answer in another language is "not judged by the rules" and is left to the model judge (issue 38).
// A plain count of very common function words per language, no model: a sentence of five or more words carries
// several of them. Another script (Cyrillic, Greek, CJK, Arabic...) is not English outright.

const COMMON: Record<string, string> = {
  en: "the a an and is are was were be to of in on at it that this i you he she they we not no yes but for with have has had do does did will would can just about there what who so my me her his him as by or if from been know heard i'm i've isn't it's he's she's don't didn't can't far yes yeah",
  de: 'der die das und ist nicht ich du er sie es wir ein eine einen dem den des zu zum zur mit auf für von vom sich auch noch nur schon aber ja nein wird hat habe im ins am weiß gehört dass wie geht nach bei beim aus über oder',
  nl: 'de het een en is niet ik je jij hij zij ze wij we van op voor met aan ook nog maar ja nee wordt heeft heb dat wat weet gehoord naar',
  fr: 'le la les un une et est pas je tu il elle nous vous ils elles de du des en au aux que qui ne ce cette mais oui non avec pour sur sais entendu dit',
  es: 'el la los las un una y es no yo tú él ella nosotros de del en que se lo le con por para pero sí está sé oído dijo muy',
  it: 'il lo la gli le un una e è non io tu lui lei noi di del della in che si con per ma sì sono ho so sentito detto',
  pt: 'o a os as um uma e é não eu tu ele ela nós de do da em que se com por para mas sim está sei ouvi disse',
  sv: 'och är inte jag du han hon vi det den en ett att på med för av men ja nej har vet hört',
  da: 'og er ikke jeg du han hun vi det den en et at på med for af men ja nej har ved hørt',
  no: 'og er ikke jeg du han hun vi det den en et at på med for av men ja nei har vet hørt',
  pl: 'i jest nie ja ty on ona my to w na z że się do ale tak wiem słyszałam słyszałem',
};

const SETS = Object.fromEntries(Object.entries(COMMON).map(([k, v]) => [k, new Set(v.split(' '))]));

/** Letters of a script other than Latin: not English. */
const OTHER_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/u;

/** The language an answer's common words point to ('en', 'de', ...), or undefined when too short to say. */
export function guessLanguage(text: string): string | undefined {
  if (OTHER_SCRIPT.test(text)) return 'other';
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  if (words.length < 3) return undefined;
  let best: string | undefined;
  let bestCount = 0;
  let en = 0;
  for (const [lang, set] of Object.entries(SETS)) {
    const n = words.filter((w) => set.has(w)).length;
    if (lang === 'en') en = n;
    if (n > bestCount) {
      best = lang;
      bestCount = n;
    }
  }
  // English unless another language's common words outnumber the English ones.
  if (best === undefined || best === 'en' || bestCount <= en) return 'en';
  return best;
}

/** Does the rule judge read this answer (English, or too short to tell)? */
export function readByRules(text: string): boolean {
  const lang = guessLanguage(text);
  return lang === undefined || lang === 'en';
}
