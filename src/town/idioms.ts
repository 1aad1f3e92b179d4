// Idioms of a town's news and the plain verb each means (issue 38): "tying the knot" is marrying, "under the hammer"
// is being sold, "stepping down" is retiring. A fact's keywords are derived from its plain words (tracked.ts), and
// the judge reads an answer and its question with the plain verb beside the idiom (src/eval/judge.ts), so "she's
// putting her feet up" meets "retir*". A lexicon of common English phrases for the events of a town's life (leaving,
// retiring, marrying, selling, buying, closing, standing, being chosen, falling ill), not of any corpus's answers.

const POSSESSIVE = '(?:his|her|their|my|your|our|the)';

/** [phrase, plain verb]: the phrase is a regular expression over lower-case words. */
const IDIOMS: readonly (readonly [string, string])[] = [
  // retiring / stepping down
  ['(?:step|steps|stepping|stepped|stand|stands|standing|stood) down', 'retiring'],
  [`(?:hang|hangs|hanging|hung) up ${POSSESSIVE} (?:\\w+)`, 'retiring'],
  [`(?:put|puts|putting) ${POSSESSIVE} feet up`, 'retiring'],
  ['(?:call|calls|calling|called) it a day', 'retiring'],
  [`(?:hand|hands|handing|handed) (?:over )?${POSSESSIVE} keys`, 'retiring'],
  ['(?:pack|packs|packing|packed) it in', 'retiring'],
  ['(?:step|steps|stepping|stepped) aside', 'retiring'],
  ['(?:bow|bows|bowing|bowed) out', 'retiring'],
  [`(?:hand|hands|handing|handed) over the reins`, 'retiring'],
  // marrying
  ['(?:tie|ties|tying|tied) the knot', 'marrying'],
  ['(?:get|gets|getting|got) hitched', 'marrying'],
  ['(?:walk|walks|walking|walked) down the aisle', 'marrying'],
  ['wedding bells', 'marrying'],
  // selling
  ['under the hammer', 'selling'],
  ['(?:up|going|is|was) for sale', 'selling'],
  ['on the market', 'selling'],
  ['(?:auctioning|auctioned) off', 'selling'],
  ['(?:sell|sells|selling|sold) (?:up|off)', 'selling'],
  // buying
  ['(?:purchase|purchases|purchasing|purchased)', 'buying'],
  // closing
  ['(?:shut|shuts|shutting|close|closes|closing|closed) (?:down|up)', 'closing'],
  ['(?:boarded|boarding) up', 'closing'],
  ['(?:close|closes|closing|closed|shut|shuts|shutting) (?:its|their) doors', 'closing'],
  // standing for an office
  [`(?:put|puts|putting) ${POSSESSIVE} name (?:down|forward|in)`, 'standing'],
  [`(?:throw|throws|throwing|threw) ${POSSESSIVE} hat in the ring`, 'standing'],
  // chosen for a post
  ['(?:voted|votes|voting|vote) (?:him|her|them) in', 'elected'],
  ['(?:voted|got voted) in', 'elected'],
  ['(?:got|gets|landed|landing|given) the (?:\\w+ )?job', 'appointed'],
  ['(?:got|gets|given) the nod', 'appointed'],
  ['(?:won|win|wins|winning) (?:a|the|his|her|their) seat', 'elected'],
  ['(?:take|takes|taking|took) the reins', 'taking over'],
  // cancelling
  ['(?:call|calls|calling|called) (?:it|the (?:\\w+ )?\\w+|them) off', 'cancelled'],
  ['(?:scrap|scraps|scrapping|scrapped)', 'cancelled'],
  // postponing
  ['(?:put|puts|putting|pushed|pushing|push) (?:it |them )?back', 'postponed'],
  // snapping up
  ['(?:snap|snaps|snapping|snapped) (?:it |them )?up', 'buying'],
  // opening again
  ['(?:open|opens|opening|opened) (?:up )?again', 'reopening'],
  // leaving
  ['(?:move|moves|moving|moved) away', 'leaving'],
  ['(?:off|heading|headed|going) abroad', 'leaving abroad'],
  ['(?:up|ups|upping|upped) sticks', 'leaving'],
  // dying, falling ill
  ['(?:pass|passes|passing|passed) away', 'died'],
  ['(?:laid up|poorly|taken ill|under the weather)', 'ill'],
];

const PATTERNS = IDIOMS.map(([phrase, plain]) => ({ re: new RegExp(`\\b${phrase}\\b`, 'giu'), plain }));

/** The text with each idiom followed by its plain verb ("tying the knot (marrying)"), for reading an answer. */
export function withPlainVerbs(text: string): string {
  let out = text;
  for (const { re, plain } of PATTERNS) out = out.replace(re, (m) => `${m} ${plain}`);
  return out;
}

/** The text with each idiom replaced by its plain verb ("stepping down" -> "retiring"), for deriving keywords. */
export function inPlainVerbs(text: string): string {
  let out = text;
  for (const { re, plain } of PATTERNS) out = out.replace(re, plain);
  return out;
}
