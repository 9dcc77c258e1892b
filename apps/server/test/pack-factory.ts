import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentPackInput } from '@rampart/contracts';
import { stringify } from 'yaml';

const text = (en: string, fr: string) => ({ en, fr });

/**
 * A valid chapter document with fresh uuids: two missions, every objective type, a locked
 * objective behind a prerequisite, attached files (see `packFiles`). Change what a test needs
 * on the returned object before writing it.
 */
export const buildPackDocument = (): ContentPackInput => {
  const [flagA, choiceA, multiA, lockedA, flagB] = [1, 2, 3, 4, 5].map(() => randomUUID()) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    format: 'rampart.chapter/v1',
    chapter: {
      uuid: randomUUID(),
      title: text('Web security', 'Sécurité web'),
      summary: text('Logs, cookies and **injections**.', 'Journaux, cookies et **injections**.'),
      visibility: 'assigned',
      position: 10,
      missions: [
        {
          uuid: randomUUID(),
          title: text('The leaking shop', 'La boutique qui fuit'),
          brief: text('Find the intruder.', "Trouvez l'intrus."),
          scenario: text(
            'Our shop was attacked.\n\n- read the log\n- find the IP',
            'Notre boutique a été attaquée.\n\n- lisez le journal\n- trouvez l’IP',
          ),
          rules: text('Flags look like `RAMPART{...}`.', 'Les flags ressemblent à `RAMPART{...}`.'),
          difficulty: 2,
          durationMinutes: 45,
          successRule: { kind: 'required_objectives' },
          objectives: [
            {
              uuid: flagA,
              title: text('The attacker', "L'attaquant"),
              description: text('Which IP sent the injection?', "Quelle IP a envoyé l'injection ?"),
              explanation: text(
                'Its requests carry `UNION SELECT` in the `id` parameter.',
                'Ses requêtes portent `UNION SELECT` dans le paramètre `id`.',
              ),
              category: 'web',
              difficulty: 1,
              points: 100,
              type: 'flag',
              flag: { accepted: ['203.0.113.7'], caseInsensitive: false },
              penalty: 10,
              maxAttempts: 5,
              speedrun: true,
              files: [
                { path: 'files/access.log' },
                { path: 'files/notes.txt', name: 'readme.txt' },
              ],
              hints: [
                {
                  uuid: randomUUID(),
                  text: text('Read the `access.log`.', 'Lisez le `access.log`.'),
                  cost: 10,
                },
                {
                  uuid: randomUUID(),
                  text: text(
                    'Look for **UNION**\nin the `id`.',
                    'Cherchez **UNION**\ndans l’`id`.',
                  ),
                  cost: 25,
                },
              ],
            },
            {
              uuid: choiceA,
              title: text('The flaw', 'La faille'),
              description: text('Which flaw was exploited?', 'Quelle faille a été exploitée ?'),
              category: 'web',
              difficulty: 2,
              points: 50,
              type: 'single_choice',
              choices: [
                { id: 'a', text: text('SQL injection', 'Injection SQL') },
                { id: 'b', text: text('XSS', 'XSS') },
                { id: 'c', text: text('CSRF', 'CSRF') },
              ],
              correctChoices: ['a'],
              maxAttempts: 1,
            },
            {
              uuid: multiA,
              title: text('The fixes', 'Les correctifs'),
              description: text('Pick the two fixes.', 'Choisissez les deux correctifs.'),
              category: 'misc',
              difficulty: 3,
              points: 80,
              type: 'multiple_choice',
              choices: [
                { id: 'prepared', text: text('Prepared statements', 'Requêtes préparées') },
                { id: 'waf', text: text('A bigger firewall', 'Un plus gros pare-feu') },
                { id: 'least', text: text('Least privilege', 'Moindre privilège') },
              ],
              correctChoices: ['prepared', 'least'],
              required: false,
            },
            {
              uuid: lockedA,
              title: text('The dump', 'Le dump'),
              description: text('What did they take?', "Qu'ont-ils pris ?"),
              category: 'forensics',
              difficulty: 4,
              points: 200,
              type: 'flag',
              flag: { accepted: ['RAMPART{dump}', 'rampart{dump}'], caseInsensitive: true },
              locked: true,
              prerequisites: [flagA, choiceA],
              firstBloodBonus: 50,
              files: [{ path: 'files/access.log' }],
            },
          ],
        },
        {
          uuid: randomUUID(),
          title: text('The key', 'La clé'),
          brief: text('Decode it.', 'Décodez-la.'),
          scenario: text('A string was found.', 'Une chaîne a été trouvée.'),
          rules: text('No brute force.', 'Pas de force brute.'),
          difficulty: 5,
          durationMinutes: 30,
          successRule: { kind: 'min_points', points: 100 },
          objectives: [
            {
              uuid: flagB,
              title: text('Base64', 'Base64'),
              description: text('Decode `UkFNUEFSVA==`.', 'Décodez `UkFNUEFSVA==`.'),
              category: 'crypto',
              difficulty: 5,
              points: 300,
              type: 'flag',
              flag: { accepted: ['RAMPART'], caseInsensitive: false },
            },
          ],
        },
      ],
    },
  };
};

export type PackDocument = ContentPackInput;

/** The files `buildPackDocument` attaches. */
export const packFiles = (): Record<string, string | Buffer> => ({
  'files/access.log': '203.0.113.7 - - [12/Mar/2025:10:00:00 +0000] "GET /?id=1%27 HTTP/1.1" 500\n',
  'files/notes.txt': 'Nothing to see here.\n',
});

const temporaryDirectories: string[] = [];

/** A new empty directory, removed by `removeTemporaryDirectories`. */
export const temporaryDirectory = (prefix = 'rampart-pack-'): string => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirectories.push(directory);
  return directory;
};

export const removeTemporaryDirectories = () => {
  for (const directory of temporaryDirectories.splice(0))
    fs.rmSync(directory, { recursive: true, force: true });
};

/**
 * Writes a pack directory: `chapter.yaml` (a document, or YAML text as is) and its files.
 * Returns the directory.
 */
export const writePack = (
  document: object | string = buildPackDocument(),
  files: Record<string, string | Buffer> = packFiles(),
  directory: string = temporaryDirectory(),
): string => {
  fs.mkdirSync(directory, { recursive: true });
  fs.writeFileSync(
    path.join(directory, 'chapter.yaml'),
    typeof document === 'string' ? document : stringify(document),
  );
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(directory, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
  return directory;
};
