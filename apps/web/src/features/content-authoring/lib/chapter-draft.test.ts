import { describe, expect, it } from 'vitest';
import {
  documentForSave,
  moved,
  newChapter,
  newObjective,
  nextChoiceId,
  placeOf,
  previewObjective,
  withoutObjective,
  withType,
} from './chapter-draft';
import { findIssueField } from './focus-issue';

describe('chapter drafts', () => {
  it('turns a flag objective into a choice one and back, keeping only what the type has', () => {
    const flag = newObjective('flag');
    expect(flag.flag).toEqual({ accepted: [''], caseInsensitive: false });
    const single = withType(flag, 'single_choice');
    expect(single).not.toHaveProperty('flag');
    expect(single.choices?.map((choice) => choice.id)).toEqual(['a', 'b']);
    const multiple = withType({ ...single, correctChoices: ['a'] }, 'multiple_choice');
    expect(multiple.correctChoices).toEqual(['a']);
    const back = withType({ ...multiple, correctChoices: ['a', 'b'] }, 'single_choice');
    expect(back.correctChoices).toEqual(['a']);
    const flagAgain = withType(back, 'flag');
    expect(flagAgain).not.toHaveProperty('choices');
    expect(flagAgain).not.toHaveProperty('correctChoices');
  });

  it('names a new choice after the letters already taken', () => {
    const objective = withType(newObjective(), 'multiple_choice');
    expect(nextChoiceId(objective)).toBe('c');
  });

  it('moves an item within its list and never past an end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('drops the prerequisites that pointed at a removed objective', () => {
    const mission = newChapter().chapter.missions[0]!;
    const first = mission.objectives[0]!;
    const second = { ...newObjective(), locked: true, prerequisites: [first.uuid] };
    const left = withoutObjective({ ...mission, objectives: [first, second] }, 0);
    expect(left.objectives).toHaveLength(1);
    expect(left.objectives[0]!.prerequisites).toEqual([]);
  });

  it('sends the document without files and without blank flag lines', () => {
    const draft = newChapter();
    const objective = draft.chapter.missions[0]!.objectives[0]!;
    objective.flag = { accepted: ['RAMPART{x}', '', '  '], caseInsensitive: false };
    objective.files = [
      { uuid: objective.uuid, name: 'a.txt', size: 1, contentType: 'text/plain', url: '/x' },
    ];
    const sent = documentForSave(draft).chapter.missions[0]!.objectives[0]!;
    expect(sent).not.toHaveProperty('files');
    expect(sent.flag?.accepted).toEqual(['RAMPART{x}']);
  });

  it('sends an explanation written in a language at least, and none when both are blank', () => {
    const draft = newChapter();
    const mission = draft.chapter.missions[0]!;
    mission.objectives = [
      { ...newObjective(), explanation: { en: 'Because.', fr: 'Parce que.' } },
      { ...newObjective(), explanation: { en: 'Because.', fr: '' } },
      { ...newObjective(), explanation: { en: ' ', fr: '' } },
    ];
    const sent = documentForSave(draft).chapter.missions[0]!.objectives;
    expect(sent.map((objective) => objective.explanation)).toEqual([
      { en: 'Because.', fr: 'Parce que.' },
      { en: 'Because.', fr: '' },
      undefined,
    ]);
    expect(sent[2]).not.toHaveProperty('explanation');
  });

  it('keeps the explanation out of the preview: players read it only after the end', () => {
    const objective = { ...newObjective(), explanation: { en: 'Because.', fr: 'Parce que.' } };
    expect(JSON.stringify(previewObjective(objective, 1, 'en'))).not.toContain('Because.');
  });

  it('previews an objective in one language, open and untouched by any team', () => {
    const objective = {
      ...withType(newObjective(), 'multiple_choice'),
      title: { en: 'The fixes', fr: 'Les correctifs' },
      correctChoices: ['a', 'b'],
      locked: true,
    };
    const preview = previewObjective(objective, 2, 'fr');
    expect(preview).toMatchObject({
      title: 'Les correctifs',
      position: 2,
      locked: false,
      expectedAnswers: 2,
      attempts: 0,
      solved: false,
    });
  });

  it('places an issue on its mission and objective', () => {
    expect(placeOf('chapter.missions[1].objectives[3].title.fr')).toEqual({
      mission: 1,
      objective: 3,
    });
    expect(placeOf('chapter.title.en')).toEqual({ mission: null, objective: null });
  });

  it('finds the field of an issue, or the closest enclosing one', () => {
    document.body.innerHTML = `
      <input data-path="chapter.title.en" />
      <textarea data-path="chapter.missions[0].objectives[0].flag.accepted"></textarea>
      <input data-path="chapter.missions[0].objectives[0].title.en" />`;
    expect(findIssueField(document, 'chapter.title.en')?.dataset.path).toBe('chapter.title.en');
    expect(
      findIssueField(document, 'chapter.missions[0].objectives[0].flag.accepted[1]')?.dataset.path,
    ).toBe('chapter.missions[0].objectives[0].flag.accepted');
    expect(findIssueField(document, 'chapter.missions[0].objectives[0]')?.dataset.path).toMatch(
      /^chapter\.missions\[0\]\.objectives\[0\]\./,
    );
  });
});
