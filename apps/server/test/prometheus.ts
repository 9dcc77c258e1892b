// @ts-expect-error -- the package ships no types; its output is described below.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

interface Sample {
  labels?: Record<string, string>;
  value?: string;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: string;
  metrics: Sample[];
}

/**
 * Reads a Prometheus text exposition with a parser of its own (as a scraper does) and answers
 * the families and their samples: a malformed exposition throws here. The parser merges the
 * series of a histogram with labels into one sample: read those from the text.
 */
export const parseExposition = (text: string) => {
  const families = (parsePrometheusTextFormat as (text: string) => MetricFamily[])(text);
  const byName = new Map(families.map((family) => [family.name, family]));
  const matching = (name: string, labels: Record<string, string> = {}) =>
    (byName.get(name)?.metrics ?? []).filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
  return {
    families,
    names: () => new Set(byName.keys()),
    /** The sum of the values (a counter or gauge), or of the counts (a histogram), that match. */
    total: (name: string, labels: Record<string, string> = {}) =>
      matching(name, labels).reduce(
        (sum, sample) => sum + Number(sample.value ?? sample.count ?? 0),
        0,
      ),
    samples: matching,
  };
};
