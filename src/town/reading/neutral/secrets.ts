// Private matters: what the text says is kept from others, wherever it says so. The words of keeping ("has not told
// a soul", "secretly", "nobody knows", "under wraps", "in confidence") may sit in the matter's own sentence or in
// one after it, in another field ("She has decided to sell the shop." ... "She has not told anyone."). The owner is
// the resident unless someone else's secret is kept ("Tom confided in her that ..."); those it is meant for come
// from "means to tell only X", "wants her sister to be the only one she tells", "only X knows", "confided in X",
// kin words resolved through the family.
import type { KinItem, SecretItem } from '../types.ts';
import { kinWord } from './kin-words.ts';
import { quoteOf } from './quote.ts';
import { fullerStatement, namedAbout } from './secret-about.ts';
import { addresseeOf, messagedTo, tellToIn } from './secret-listeners.ts';
import { KEPT_ALL, keeps, keptIn, masked, ownerIn } from './secret-owner.ts';
import { KEEPING, OPEN, TELL_TO, WEAK } from './secret-words.ts';
import type { Doc, Sentence } from './text.ts';

/** Words of a piece of news (a decision, a plan, a change), as opposed to a habit or a description. */
const NEWS =
  /\b(?:dropped out|dropping out|gave up|giving up|packed in|decided|decision|plans?|planning|intends?|going to|will|wants? to|hopes? to|offered|applied|applying|accepted|pregnant|expecting|engaged|seeing|dating|sell|selling|sold|buy|buying|bought|leaving|leave|moving|quit|quitting|retire|retiring|lost|owes?|debt|illness|diagnos\w*|failed|failing|broke|broken|crush|in love|affair|won(?!['’]t)|saving|found)\b/i;

/** When something was told: "last night", "yesterday". */
const WHEN_TOLD =
  /\b(?:last\s+(?:night|week|month|year|evening|spring|summer|autumn|winter)|yesterday|the other day)\b/gi;

const content = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/@\d+(?:['’]s)?/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 2 && !KEEPING.has(w) && !kinWord(w));

/** Does a statement say only who told whom, and when ("Enzo told Luca last night and plans to tell Giulia next")? */
function tellsOnly(marked: string): boolean {
  let rest = marked;
  for (const re of TELL_TO) rest = rest.replace(new RegExp(re.source, 'giu'), ' ');
  if (rest === marked) return false;
  rest = rest
    .replace(
      /@\d+(?!['’]s)\s+(?:(?:has|had|just|only)\s+)*(?:told|tells|confided in|confides in)\s+@\d+(?!['’]s)/gi,
      ' ',
    )
    .replace(WHEN_TOLD, ' ')
    .replace(/\b(?:until|till|when|once|before|after)\b[^.;,]*/gi, ' ');
  return content(rest).length === 0;
}

/** The matter in a sentence that keeps it: what follows "that" or a colon, else the sentence. */
function matterOf(s: { text: string }): string {
  const after = /\b(?:that|:)\s+(.{12,})$/i.exec(s.text.replace(/[.!]+$/, ''));
  return (after && keeps(s.text.slice(0, after.index + 6)) ? after[1]! : s.text)
    .replace(/[.!]+$/, '')
    .replace(KEPT_TAIL, '')
    .trim();
}

/**
 * A closing clause that only says the matter is kept ("the old mill will be sold, and tells nobody"): how it is
 * kept, shown beside the matter already ("tells no one"), not part of it.
 */
const KEPT_TAIL =
  /,?\s+(?:and|but)\s+(?:(?:she|he|they|I)\s+)?(?:has\s+|have\s+|had\s+)?(?:so far\s+)?(?:tells?|told|says?|said|breathed?|mentioned|shared)\s+(?:it\s+|this\s+|that\s+|a word\s+)?(?:to\s+)?(?:nobody|no one|no-one|none|not a soul|nothing|not a word|a soul)(?:\s+(?:yet|else|so far))?\s*$/i;

/** Does a sentence that keeps something say what, or only point back ("She has not told a soul.")? */
function pointsBack(s: { text: string; marked: string }): boolean {
  // "until the papers are signed", "when he is ready": when it may be told, not what it is
  // whom it is to be told and when are not what it is ("He has kept this to himself so far, but plans to tell Priscilla")
  // (a name called out first, "Rosa, love, don't tell a soul", is whom it is said to)
  let stripped = masked(s.marked).replace(
    /^\s*@\d+(?!['’]s)\s*,\s*(?:(?:my\s+)?(?:love|dear|darling|pet|mate|son|lass|lad|sweetheart|pal)\s*,\s*)?/i,
    ' ',
  );
  for (const re of TELL_TO) stripped = stripped.replace(new RegExp(re.source, 'giu'), ' ');
  stripped = stripped
    // "Quietly seeing Dave Kirby": the adverb keeps, the deed is the matter
    .replace(KEPT_ALL, (m) => (/^(?:secretly|privately|quietly)\s/i.test(m) ? m.replace(/^\S+/, ' ') : ' '))
    .replace(/\b(?:until|till|when|once|before|after)\b[^.;,]*/gi, ' ')
    .replace(/\b(?:so far|for now|for the moment|at the weekend|yet|either|maybe|perhaps|apparently)\b/gi, ' ')
    // "Enzo told Luca last night": who told whom and when, not what
    .replace(
      /@\d+(?!['’]s)\s+(?:(?:has|had|just|only)\s+)*(?:told|tells|confided in|confides in)\s+@\d+(?!['’]s)/gi,
      ' ',
    )
    .replace(WHEN_TOLD, ' ')
    // "on their anniversary", "man to man", "because she is kind": when, how and why it is told, not what it is
    .replace(/\bon\s+(?:her|his|their|my|our)\s+(?:birthday|anniversary|wedding day|return)\b/gi, ' ')
    .replace(/\b(?:man to man|woman to woman|face to face|in person)\b/gi, ' ')
    .replace(/\b(?:only\s+)?because\b[^.;]*?(?=,\s*(?:and|but)\b|[.;]|$)/gi, ' ')
    .replace(/\b(?:in|by|at|over)\s+(?:the\s+)?(?:winter|summer|spring|autumn|christmas|easter|new year)\b/gi, ' ')
    // "not even at the pub", "not even to his wife": where and whom it is kept from, not what it is
    .replace(/\bnot\s+even\b[^.;,]*/gi, ' ')
    // "though how you'd keep anything from Stan I don't know": the teller's aside
    .replace(/\b(?:though|although)\b[^.;]*/gi, ' ')
    // "her mum Zodwa, who she lives with": who the listener is, not the matter
    .replace(/,\s*(?:who|whom|whose)\b[^.;]*/gi, ' ')
    // "I've put it in the bureau": what is done with the matter, said as "it"
    .replace(
      /\b(?:put|hidden|hid|locked|tucked|filed|stashed)\s+(?:it|them|this|that)\s+(?:away\s+)?(?:in|into|under|behind)\s+(?:the|a|my|her|his)\s+\S+/gi,
      ' ',
    );
  const own = content(stripped).length;
  // "she's told no one at all, and that she means to tell only her sister": the clause after "that" is whom to tell
  const clause = /\bthat\s+(.*)$/i.exec(s.marked);
  const tellClause =
    !!clause &&
    !clause[1]!.includes(':') &&
    keeps(s.marked.slice(0, clause.index)) &&
    TELL_TO.some((re) => {
      // the clause is only whom to tell ("and that she means to tell only her sister"), not a matter told to someone
      const t = new RegExp(re.source, 'iu').exec(clause[1]!);
      if (!t || t.index > 25) return false;
      // (who that person is, "whom she sees every morning at the Quay Stores", says no matter either)
      const rest = clause[1]!.replace(t[0], ' ').replace(/,?\s*\b(?:whom|who)\b.*$/i, ' ');
      return content(rest).length < 2;
    });
  // "Lupe tell me a secret: she have a boyfriend": the matter follows the colon
  const first = keptIn(s.marked, s.text)[0];
  if (first && /^[^:]{0,30}:\s*(?:\S+\s+){2,}\S+/.test(s.marked.slice(first.index))) return false;
  // "she hasn't breathed a word of it" points back, unless the matter is said before it in the sentence ("She told
  // me ... that she's written a novel, and she hasn't breathed a word of it to them")
  const ofIt = /\b(?:nothing|a word|not a word|anything)\s+(?:of|about)\s+(?:it|this|that)\b/i.exec(s.marked);
  return (
    tellClause ||
    // "Of this she has said nothing to anyone, not to her staff ...": the matter is the one before
    /^\s*(?:of|about)\s+(?:this|that|it)\b/i.test(s.text) ||
    (!!ofIt && content(masked(s.marked.slice(0, ofIt.index)).replace(KEPT_ALL, ' ')).length < 3) ||
    // "I promised to say nothing": a promise about the matter just told
    /^\s*(?:i|she|he|we)\s+(?:have\s+|had\s+|['’]ve\s+)?(?:promised|promise|swore|vowed)\b/i.test(s.text) ||
    own === 0 ||
    // (one word of news is a matter: "Private: wants to retire next year, hasn't told Ulla")
    // (the statement's own subject, "Elowen Trask has never told anyone about her fear", names no one else)
    (own === 1 && !/@\d/.test(stripped.replace(/^\s*@\d+(?!['’]s)/, '')) && !NEWS.test(content(stripped)[0]!)) ||
    // "It is a secret." points back; "It's between him and Eve that he has lost his job" says what
    (own < 3 && /^\s*(?:it|this|that|the (?:plan|news|decision|idea|matter))\b/i.test(s.text))
  );
}

const TELLING = /\b(?:tell|tells|telling|told|know|knows|knew|known|hear|heard|confid\w*|secret\w*|word|aware)\b/i;

/** One statement: a sentence, or one of a list's clauses ("X is a fisherman; X has secretly decided ..."). */
interface Unit {
  index: number;
  sentence: Sentence;
  text: string;
  marked: string;
}

function unitsOf(doc: Doc): Unit[] {
  const out: Unit[] = [];
  for (const s of doc.sentences) {
    const texts = s.text.split(';');
    const markeds = s.marked.split(';');
    if (texts.length !== markeds.length) {
      out.push({ index: out.length, sentence: s, text: s.text, marked: s.marked });
      continue;
    }
    for (const [i, t] of texts.entries())
      if (t.trim() !== '') out.push({ index: out.length, sentence: s, text: t.trim(), marked: markeds[i]!.trim() });
  }
  return out;
}

export function readSecrets(doc: Doc, family: readonly KinItem[]): SecretItem[] {
  const out: (SecretItem & { at: number[]; sentences: Set<Sentence> })[] = [];
  const us = unitsOf(doc);
  for (const u of us) {
    if (!keeps(u.marked, u.sentence.text) || OPEN.test(u.text)) continue;
    // a question asks; it keeps nothing ("Q: Any secrets?", "Anything you can't tell us?"): the answer says
    if (/\?\s*$/.test(u.text)) continue;
    // a bare "nobody else" says who is in something ("the mother of Hazel and of nobody else", "Only you and your
    // mum. Nobody else."); it keeps a matter only where telling or knowing is said with it
    const prevText = doc.sentences[u.sentence.index - 1]?.text ?? '';
    if (
      keptIn(u.marked, u.sentence.text).every((k) => /^(?:nobody|no ?one|no-one) else$/i.test(k[0])) &&
      !TELLING.test(`${prevText} ${u.sentence.text}`)
    )
      continue;
    // "... and asked had I heard about Ray; I said nothing": a reply to a question keeps nothing
    const asked = us[u.index - 1];
    if (
      /^\s*(?:i|she|he|we|they)\s+said\s+nothing\b/i.test(u.text) &&
      asked?.sentence === u.sentence &&
      /\b(?:asked|asks|asking)\b/i.test(asked.text)
    )
      continue;
    let matterAt = u;
    let lead: Unit | null = null;
    // "I've told only my brother Ken, who lives with me": whom the matter just before was told, not a matter of its own
    const prior = us[u.index - 1];
    const weakOnly = keptIn(u.marked, u.sentence.text).every((k) => WEAK.test(u.marked.slice(k.index)));
    // "has not breathed a word about selling the pub": the matter named short, said in full elsewhere (secret-about.ts)
    const about = namedAbout(u.marked, (prefix) => keeps(prefix));
    const fuller = about
      ? fullerStatement(
          about,
          us,
          u,
          (x) =>
            !keeps(x.marked, x.sentence.text) &&
            !OPEN.test(x.text) &&
            !/\?\s*$/.test(x.text) &&
            !tellsOnly(x.marked) &&
            (!u.sentence.speaker || x.sentence.speaker === u.sentence.speaker),
          (x) => NEWS.test(x.text),
        )
      : undefined;
    if (
      weakOnly &&
      prior &&
      out.some((x) => x.at.includes(prior.index)) &&
      u.sentence.index - prior.sentence.index <= 1
    )
      matterAt = prior;
    else if (fuller) matterAt = fuller;
    else if (pointsBack(u) && !about) {
      // the nearest statement before it with something to keep (any field), else the next one; the one just
      // before may be short ("Dot is pregnant."), one further back must say more
      const earlier = [...us.slice(0, u.index)].reverse();
      // (a matter already kept is one, whatever its words: "Lupe tell me a secret: she have a boyfriend")
      // (in a play script, only the same speaker's own words: not another's answer, not a stage direction)
      const fits = (x: Unit) =>
        (content(x.marked).length >= (x.index === u.index - 1 ? 1 : 2) || out.some((o) => o.at.includes(x.index))) &&
        !OPEN.test(x.text) &&
        (!u.sentence.speaker || x.sentence.speaker === u.sentence.speaker) &&
        // ("Enzo told Luca last night and plans to tell Giulia": whom it was told, not a matter)
        !tellsOnly(x.marked);
      // a piece of news a few statements back ("She has decided to sell the shop.") beats a habit just before
      // ("She gets up at 6 am.") when the keeping is said in another field
      const news =
        u.sentence.index === 0 || earlier[0]?.sentence.field === u.sentence.field
          ? undefined
          : earlier.slice(0, 4).find((x) => fits(x) && NEWS.test(x.text));
      // "She has not told a soul; she wants her sister to be the only one she tells": the same matter again
      const kept =
        earlier[0] && earlier[0].sentence === u.sentence && out.some((x) => x.at.includes(earlier[0]!.index));
      // "...has got herself engaged to Ron! Gail's own brother! Nobody's meant to know yet": a short aside just
      // before is not the matter; the news or the kept matter one further back is ("Keeps quiet: the lump on his neck.
      // Seeing doc Thurs. Kerry doesn't know.")
      const short = !!earlier[0] && !!earlier[1] && earlier[0].text.split(/\s+/).length < 5;
      const aside =
        short && out.some((x) => x.at.includes(earlier[1]!.index))
          ? earlier[1]
          : short && !NEWS.test(earlier[0]!.text) && NEWS.test(earlier[1]!.text)
            ? earlier[1]
            : undefined;
      const before = kept ? earlier[0] : (news ?? aside ?? earlier.find(fits));
      // (the very next statement may be short: "Rosa, don't tell a soul. I've won the lottery.")
      const after = us
        .slice(u.index + 1)
        .find(
          (x, i) =>
            content(x.marked).length >= (i === 0 ? 1 : 2) &&
            (!u.sentence.speaker || x.sentence.speaker === u.sentence.speaker),
        );
      matterAt = before ?? after ?? u;
      // the news and a short clause after it in one sentence ("Dropped out in Jan; not going back. Nobody knows."):
      // the clause goes on with the news, so both are the matter
      if (
        aside &&
        before === aside &&
        earlier[0]!.sentence === aside.sentence &&
        !out.some((x) => x.at.includes(earlier[0]!.index))
      ) {
        lead = aside;
        matterAt = earlier[0]!;
      }
      // a terse matter said over short statements ("Applied for Head of Libraries, Truro. Interview Thurs. Told
      // nobody."): from the piece of news a statement or two before, in the same field, to the one just before
      if (matterAt === earlier[0] && !NEWS.test(matterAt.text) && !kept && matterAt.text.split(/\s+/).length <= 6) {
        const start = earlier
          .slice(1, 3)
          .find((x) => x.sentence.field === u.sentence.field && NEWS.test(x.text) && !OPEN.test(x.text));
        if (start && !out.some((x) => x.at.includes(start.index))) lead = start;
      }
    }
    const existing = out.find((x) => x.at.includes(matterAt.index) || x.at.includes(u.index));
    const both = matterAt === u ? u.marked : `${matterAt.marked}; ${u.marked}`;
    let { owner, toldResident } = existing
      ? { owner: existing.owner, toldResident: false }
      : ownerIn(
          doc,
          both,
          family,
          us
            .slice(Math.max(0, matterAt.index - 2), matterAt.index)
            .map((x) => x.marked)
            .join('; '),
        );
    // a speaker's own words of keeping keep the speaker's matter ("NELL: Basil and I are selling ... not a word")
    const speaker = u.sentence.speaker;
    if (!existing && speaker && owner === doc.resident && matterAt.sentence.speaker === speaker) owner = speaker;
    // whom to tell may be said in the rest of the sentence ("...; she has told Ren, and plans to tell her mother")
    const said = [...new Set([matterAt.sentence, u.sentence])].map((x) => x.marked).join(' ');
    const first = Math.min(matterAt.sentence.index, u.sentence.index);
    const context = doc.sentences
      .filter((x) => x.index < first)
      .map((x) => x.marked)
      .join(' ');
    const tell = new Set<string>(existing?.tellTo ?? []);
    for (const n of tellToIn(doc, said, owner, family, context) ?? []) tell.add(n);
    // someone else's matter is known to the resident whose text tells it, unless it is kept from them ("never
    // suspecting what Solveig has kept from him")
    const R = doc.frame.people.indexOf(doc.resident);
    const keptFromResident = new RegExp(
      String.raw`\b(?:kept|keeps?|keeping|hid(?:den|es|ing)?)\b[^.;]{0,30}?\bfrom\s+(?:him|her|me|@${R}(?!\d))\b|\b(?:never|without)\s+suspecting\b|@${R}(?!\d)\s+(?:does ?n['’]t|does not|never) (?:know|suspects?)\b`,
      'iu',
    ).test(both);
    if (toldResident || (owner !== doc.resident && !keptFromResident)) tell.add(doc.resident);
    // a matter said aloud to someone is told to them ("MILENA: I got into the conservatoire." to Archie)
    if (matterAt.sentence.speaker === owner && matterAt.sentence.listener) tell.add(matterAt.sentence.listener);
    tell.delete(owner);
    if (existing) {
      existing.tellTo = [...tell];
      existing.at.push(u.index);
      existing.sentences.add(u.sentence);
      continue;
    }
    const span = lead ? us.slice(lead.index, matterAt.index + 1) : [matterAt];
    // (clauses of one sentence are joined as it joins them, sentences as sentences)
    const matter =
      matterAt === u
        ? (about ?? matterOf(u))
        : span
            .map(
              (x, i) =>
                `${i === 0 ? '' : x.sentence === span[i - 1]!.sentence ? '; ' : '. '}${x.text.replace(/[.!]+$/, '')}`,
            )
            .join('');
    const quote = quoteOf(doc, [...span.map((x) => x.text), u.text]);
    out.push({
      owner,
      matter,
      tellTo: [...tell],
      quote,
      at: [u.index, ...span.map((x) => x.index)],
      sentences: new Set([u.sentence, ...span.map((x) => x.sentence)]),
    });
  }
  // the same matter kept in two fields ("Applied for ..., Truro." and the seed's "job application, ..., Truro"): one
  for (let i = out.length - 1; i > 0; i--) {
    const words = new Set(content(out[i]!.matter));
    const same = out.slice(0, i).find((x) => {
      const theirs = new Set(content(x.matter));
      const shared = [...theirs].filter((w) => words.has(w)).length;
      return (
        x.owner === out[i]!.owner && shared >= 2 && (shared >= 4 || shared * 2 >= Math.min(theirs.size, words.size))
      );
    });
    if (!same) continue;
    same.tellTo.push(...out[i]!.tellTo);
    same.quote = quoteOf(doc, [same.quote, out[i]!.quote]);
    for (const x of out[i]!.sentences) same.sentences.add(x);
    out.splice(i, 1);
  }
  // whom to tell said elsewhere: anywhere when one matter is kept, else in the sentence just after a matter's own
  for (const one of out) {
    const last = Math.max(...[...one.sentences].map((x) => x.index));
    for (const s of doc.sentences) {
      if (one.sentences.has(s) || out.some((x) => x !== one && x.sentences.has(s))) continue;
      if (out.length > 1 && !(s.index === last + 1 && doc.sentences[last]?.field === s.field)) continue;
      const before = doc.sentences
        .filter((x) => x.index < s.index)
        .map((x) => x.marked)
        .join(' ');
      const t = tellToIn(doc, s.marked, one.owner, family, before);
      if (
        t &&
        /\b(?:tell|telling|told|confide|only|knows?|seen|informed|aware|first|break (?:it|the news))\b/i.test(s.text)
      )
        for (const n of t) if (n !== one.owner) one.tellTo.push(n);
    }
  }
  // a letter tells the one it is written to ("Dear Mr Sato, ... I've been taking night classes, and nobody here knows"):
  // the writer's own matters are known to them (someone else's are still only theirs to tell)
  const to = addresseeOf(doc);
  // (a letter about the resident by someone else, "Dear Rhoda, thank you for asking after Imogen", tells nothing of hers)
  if (to && doc.firstPerson)
    for (const one of out) if (one.owner === doc.resident && to !== doc.resident) one.tellTo.push(to);
  // a message tells the one it is sent to: "To Petra: 'dont tell mum but im going to the gig'"
  for (const one of out) {
    if (one.owner !== doc.resident) continue;
    for (const s of one.sentences) {
      const p = messagedTo(doc, s);
      if (p && p !== doc.resident) one.tellTo.push(p);
    }
  }
  return out.map(({ at: _at, sentences: _s, ...x }) => ({ ...x, tellTo: [...new Set(x.tellTo)] }));
}
