import { z } from 'zod';

/**
 * Lab environments (docs/labs.md): a mission may declare a lab, and each team of a
 * session playing it gets its own environment, reached through the Console and VPN tabs.
 *
 * The template is content (packs carry it); what a provider makes of it (namespace, sandbox) is
 * infrastructure and never appears here. Flags a machine needs go in its `env`: providers inject
 * them into the machine only, never on a command line a player could read with `ps`.
 */

/** A machine or variable name: what other machines of the lab resolve it by. */
const machineName = z.string().regex(/^[a-z][a-z0-9-]{0,30}$/, {
  error: 'must be 1 to 31 lower-case letters, digits or "-", starting with a letter',
});

export const labLimits = {
  machines: 8,
  portsPerMachine: 16,
  envPerMachine: 32,
  /** A lab never lives longer than a day, whatever the template says. */
  maxTtlSeconds: 24 * 3600,
} as const;

export const labMachineSchema = z
  .object({
    /** Host name inside the lab, e.g. `web`. */
    name: machineName,
    /** Kubernetes: an OCI image; local provider: the id of a prepared root filesystem. */
    image: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@-]*$/, {
        error: 'must be an image reference or a root filesystem id (no spaces)',
      }),
    command: z.array(z.string().min(1).max(1000)).max(32).optional(),
    ports: z
      .array(
        z
          .object({
            port: z.number().int().min(1).max(65535),
            protocol: z.enum(['TCP', 'UDP']).default('TCP'),
          })
          .strict(),
      )
      .max(labLimits.portsPerMachine)
      .default([]),
    env: z
      .record(z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/), z.string().max(4096))
      .refine((env) => Object.keys(env).length <= labLimits.envPerMachine, {
        error: `at most ${labLimits.envPerMachine} variables`,
      })
      .default({}),
  })
  .strict();

export const labResourcesSchema = z
  .object({
    /** CPU of the whole lab, in thousandths of a core. */
    cpuMillis: z.number().int().min(100).max(16_000).default(500),
    memoryMiB: z.number().int().min(32).max(32_768).default(512),
    /** Processes of the whole lab (fork bombs stop here). */
    pids: z.number().int().min(16).max(32_768).default(256),
    diskMiB: z.number().int().min(16).max(65_536).default(256),
  })
  .strict();

export const labTemplateSchema = z
  .object({
    machines: z.array(labMachineSchema).min(1).max(labLimits.machines),
    /** The machine the Console tab opens a shell on; the first machine when absent. */
    consoleMachine: machineName.optional(),
    /** A WireGuard profile per player, through the VPN tab. */
    vpn: z.boolean().default(false),
    /** Lifetime at allocation, and what an extension adds. */
    ttlSeconds: z.number().int().min(60).max(labLimits.maxTtlSeconds).default(3600),
    /** Hard cap on the lifetime, extensions included. */
    maxTtlSeconds: z
      .number()
      .int()
      .min(60)
      .max(labLimits.maxTtlSeconds)
      .default(4 * 3600),
    /** Provisioning longer than this fails the environment. */
    readyTimeoutSeconds: z.number().int().min(5).max(3600).default(120),
    resources: labResourcesSchema.default({
      cpuMillis: 500,
      memoryMiB: 512,
      pids: 256,
      diskMiB: 256,
    }),
  })
  .strict()
  .superRefine((lab, context) => {
    const names = lab.machines.map((machine) => machine.name);
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index)
        context.addIssue({
          code: 'custom',
          path: ['machines', index, 'name'],
          message: `another machine of this lab is already named "${name}"`,
        });
    });
    if (lab.consoleMachine !== undefined && !names.includes(lab.consoleMachine))
      context.addIssue({
        code: 'custom',
        path: ['consoleMachine'],
        message: `must name one of the lab's machines (${names.join(', ')})`,
      });
    if (lab.maxTtlSeconds < lab.ttlSeconds)
      context.addIssue({
        code: 'custom',
        path: ['maxTtlSeconds'],
        message: 'must be at least ttlSeconds',
      });
  });

export type LabTemplate = z.infer<typeof labTemplateSchema>;
export type LabTemplateInput = z.input<typeof labTemplateSchema>;
export type LabMachine = z.infer<typeof labMachineSchema>;

/**
 * Where an environment is in its life. `Released` and `Failed` are final: the team may ask for a
 * new one (a new row), which starts from scratch.
 */
export const environmentPhases = [
  'Provisioning',
  'Ready',
  'Degraded',
  'Releasing',
  'Released',
  'Failed',
] as const;
export type EnvironmentPhase = (typeof environmentPhases)[number];

/** Which infrastructure runs the labs (docs/labs.md). */
export const labProviderKinds = ['fake', 'local', 'kubernetes'] as const;
export type LabProviderKind = (typeof labProviderKinds)[number];
