// Given names a reader of English takes as a woman's or a man's, for the neutral reader's kin words that need a
// gender the text never states ("the daughter-in-law of Martha Penn and George Penn": mother-in-law and
// father-in-law). Only names seldom given to both; a name not here leaves the gender open, as before. A last resort:
// pronouns, kin words and titles in the text always win.
import type { Gender } from './text.ts';

const WOMEN =
  'abigail ada adele agatha agnes aileen alice alison amanda amelia amy ana andrea angela anita ann anna anne annie ' +
  'anya april audrey ava barbara beatrice becky belinda bella bernadette beryl beth betty beverley bianca brenda ' +
  'bridget carmen carol caroline catherine cecily charlotte chloe christine claire clara clare colleen cora ' +
  'cynthia daisy daphne deborah deirdre delia della diana diane dolores doris dorothy edith eileen elaine eleanor elena ' +
  'eliza elizabeth ella ellen eloise elsie emily emma enid erica esme esther ethel eva eve evelyn fatima fay fiona flora ' +
  'florence frances freya gemma georgia geraldine gertrude gillian gladys glenda gloria grace greta gwen gwendolyn hannah ' +
  'harriet hazel heather heidi helen helena hilda holly honor ida imogen ingrid irene iris isabel isabella isla ' +
  'ivy jane janet janice jean jennifer jenny jessica joan joanna josephine joy joyce judith julia julie june karen ' +
  'kate katherine kathleen kathy katie kay kerry kirsty lara laura leah lena lila lily linda lisa lizzie lois ' +
  'lorna lorraine louisa louise lucia lucinda lucy lydia mabel madeleine maggie maisie margaret margery marguerite ' +
  'maria marian marie marion martha mary matilda maud maureen maxine meg megan melanie melissa mildred millie miriam ' +
  'moira molly monica muriel nadia nancy naomi natalie nell nellie nina nora norah olive olivia ophelia pamela patricia ' +
  'pauline pearl peggy penelope penny philippa phoebe phyllis polly priscilla prudence rachel rebecca rita ' +
  'rosa rosalind rose rosemary rowena ruby ruth sadie sally samantha sandra sara sarah sheila shirley sophia sophie ' +
  'stella susan susannah sybil sylvia tamsin teresa tess thelma tina tracy una ursula valerie vanessa vera veronica ' +
  'victoria violet vivienne wanda wendy wilhelmina winifred yvonne zara zoe ' +
  'aisha fatima priya sunita';
const MEN =
  'aaron abe abraham adam adrian alan albert alec alexander alfred alistair amos andrew angus anthony archie ' +
  'arnold arthur augustus barry basil ben benedict benjamin bernard bert bill billy bob boris brian bruce ' +
  'bruno callum calvin carl cecil charles christopher clarence claude clive colin connor craig cyril dan daniel ' +
  'darren david dean declan denis dennis derek desmond dominic donald douglas duncan dylan edgar edmund edward edwin ' +
  'eli elijah elliot emeka eric ernest ethan eugene evan ewan felix fergus finn francis frank fred ' +
  'frederick gareth gary gavin geoffrey george gerald gilbert glen gordon graham gregory gus guy harold harry harvey ' +
  'hector henry herbert horace howard hugh hugo ian isaac ivan ivor jack jacob jake james jasper jeff ' +
  'jeremy jim jimmy joe john jonah jonathan joseph josh joshua julian justin karl keith ken kenneth kevin kieran ' +
  'kurt lance larry laurence lawrence len leo leon leonard lewis liam lionel lloyd louis luke malcolm marcus mark ' +
  'martin matthew maurice max michael mick miles milo morris neil nicholas nigel noah norman oliver oscar ' +
  'oswald otto owen patrick paul percy peter philip ralph randolph raymond reg reginald rex richard rick rob robert ' +
  'roderick rodney roger roland ronald rory ross roy rupert russell samuel sean seth simon stanley stephen ' +
  'steve stuart ted terence theo theodore thomas tim timothy toby tom tony trevor vernon victor vincent walter ' +
  'warren wayne wilfred william winston yusuf zachary ' +
  'ahmed felipe hiroshi jorge mohammed omar raj ravi';

const GIVEN = new Map<string, Gender>([
  ...WOMEN.split(/\s+/).map((n) => [n, 'f'] as const),
  ...MEN.split(/\s+/).map((n) => [n, 'm'] as const),
]);

/** The gender a person's given name usually says, or null for a name given to both or not known. */
export function genderOfName(person: string): Gender | null {
  const first = person.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return GIVEN.get(first) ?? null;
}
