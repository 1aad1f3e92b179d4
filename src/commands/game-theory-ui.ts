// Discord controls for MAgIC's game-theory tables (src/games/scenarios/game-theory): secret moves through buttons
// (Cooperate / Defect), modals (a contribution, a split of the fee) and a menu of the round's proposals.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import type { ServiceResult } from '../games/service.ts';
import { clipText } from './util.ts';

/** Discord: a select menu holds at most 25 options. */
const MAX_SELECT_OPTIONS = 25;

/** Controls for a game-theory round that waits for people: secret moves through buttons, modals and a menu. */
export function gtControls(
  r: Extract<ServiceResult, { ok: true }>,
  awaitedHumans: string[],
  buttons: ButtonBuilder[],
  components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[],
  nameOf: (id: string) => string,
): void {
  const g = r.game;
  const round = r.events.findLast((e) => e.type === 'gt_round');
  if (!round || awaitedHumans.length === 0) return;
  if (g.phase === 'choose')
    buttons.push(
      new ButtonBuilder()
        .setCustomId(`game:choose:${g.id}:cooperate`)
        .setLabel('Cooperate')
        .setStyle(ButtonStyle.Success),
      new ButtonBuilder().setCustomId(`game:choose:${g.id}:defect`).setLabel('Defect').setStyle(ButtonStyle.Danger),
    );
  if (g.phase === 'contribute')
    buttons.push(
      new ButtonBuilder().setCustomId(`game:contribute:${g.id}`).setLabel('Contribute').setStyle(ButtonStyle.Primary),
    );
  if (g.phase === 'propose')
    buttons.push(
      new ButtonBuilder().setCustomId(`game:propose:${g.id}`).setLabel('Propose a split').setStyle(ButtonStyle.Primary),
    );
  const proposals = r.events.findLast((e) => e.type === 'cs_proposals');
  if (g.phase === 'vote' && proposals?.type === 'cs_proposals') {
    const options = Object.entries(proposals.proposals)
      .filter(([, sh]) => sh !== null)
      .map(([id, sh]) => ({
        label: clipText(
          `${g.players.findIndex((p) => p.id === id) + 1}. ${nameOf(id)}: ${(sh as number[]).join('/')}`,
          100,
        ),
        value: id,
      }));
    components.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId(`game:vote:${g.id}:${g.turnSeq}`)
          .setPlaceholder('Vote for a proposal')
          .addOptions(options.slice(0, MAX_SELECT_OPTIONS)),
      ),
    );
  }
}

export function numberModal(id: string, action: 'contribute' | 'propose'): ModalBuilder {
  const input = (field: string, label: string) =>
    new ActionRowBuilder<TextInputBuilder>().addComponents(
      new TextInputBuilder()
        .setCustomId(field)
        .setLabel(label)
        .setStyle(TextInputStyle.Short)
        .setMaxLength(5)
        .setRequired(true),
    );
  const m = new ModalBuilder().setCustomId(`game:${action}:${id}`);
  if (action === 'contribute')
    return m.setTitle('Your contribution (secret)').addComponents(input('amount', 'Points to put in'));
  return m
    .setTitle('Your split of the fee (secret)')
    .addComponents(
      input('A', 'Airline A, percent'),
      input('B', 'Airline B, percent'),
      input('C', 'Airline C, percent'),
    );
}
