package dev.regrade.audit.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.audit.core.Audit;
import dev.regrade.audit.core.AuditConfig;
import dev.regrade.audit.core.AuditWriter;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.audit.core.RunId;
import dev.regrade.audit.core.Shard;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.audit.run.RunRecord;
import dev.regrade.audit.run.SentPrompt;
import dev.regrade.rubric.io.IoProblems;
import dev.regrade.rubric.json.JsonFiles;
import dev.regrade.rubric.json.ResultDocument;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.json.RunMeta;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Audit shards on disk, and their merge. A shard's output directory holds {@value #MANIFEST} (the
 * audit's options and digest, K, N, and every run the shard holds) and {@code runs/}: the result
 * document of each run it evaluated ({@code runs/<script>/<variant>/<kind>-<input>.seed-<S>.json});
 * a run reused from its first-seed run is listed, not stored. Beside each stored document of the
 * first seed, its prompts sidecar ({@code ….seed-<S>.prompts.json}: the prompts the run sent, which
 * the result document does not hold; the audit compares the first seed's). A shard has no report: only the merge
 * of all N, which checks they are one audit's, has the audit's findings.
 */
public final class Shards {
    /** The manifest file of a shard directory. */
    public static final String MANIFEST = "shard.json";

    /** 2: every stored run has a prompts sidecar. */
    private static final int VERSION = 2;

    private Shards() {
    }

    /** Replaces {@code out} (as an audit's output, {@link OutputDirectory}) with the shard's runs and manifest. */
    public static void write(Path out, AuditConfig config, Shard shard, Audit.ShardOutcome outcome) {
        ObjectNode m = JsonNodeFactory.instance.objectNode().put("regrade_audit_shard", VERSION)
                .put("shard", shard.index()).put("of", shard.count()).put("digest", AuditOptions.digest(config));
        m.set("options", AuditOptions.toJson(config));
        m.put("matrix_inputs", outcome.inputs()).put("held_inputs", outcome.held());
        outcome.standIns().forEach(m.putArray("python_stand_ins")::add);
        ArrayNode runs = m.putArray("runs");
        Map<String, RunRecord> files = new LinkedHashMap<>();
        long base = config.seeds().get(0);
        outcome.runs().forEach((id, r) -> {
            ObjectNode o = runs.addObject().put("script", id.script()).put("input_kind", id.inputKind())
                    .put("input", id.input()).put("variant", id.variant()).put("hash_seed", id.hashSeed())
                    .put("seed_read", r.seedRead());
            if (r.evaluated()) {
                String file = runFile(id);
                o.put("file", file);
                // Only the first seed's prompts are compared: the other seeds' runs need none.
                if (id.hashSeed() == base) {
                    o.put("prompts", promptsFile(file));
                }
                files.put(file, r);
            } else {
                o.put("reuses_seed", base);
            }
        });
        OutputDirectory.replace(out, "audit shard", "audit shard " + shard.label() + ", " + MANIFEST + " version " + VERSION, dir -> {
            files.entrySet().parallelStream().forEach(e -> {
                AuditWriter.atomicWrite(dir.resolve(e.getKey()), e.getValue().fileText());
                if (e.getValue().spec().hashSeed() == base) {
                    AuditWriter.atomicWrite(dir.resolve(promptsFile(e.getKey())),
                            JsonFiles.toFileText(SentPrompt.toJson(e.getValue().prompts())));
                }
            });
            AuditWriter.atomicWrite(dir.resolve(MANIFEST), JsonFiles.toFileText(m));
        });
    }

    private static String runFile(RunId id) {
        return "runs/" + id.script() + "/" + id.variant() + "/" + id.inputKind() + "-" + id.input() + ".seed-"
                + id.hashSeed() + ".json";
    }

    /** The prompts sidecar of a stored run's file. */
    private static String promptsFile(String runFile) {
        return runFile.substring(0, runFile.length() - ".json".length()) + ".prompts.json";
    }

    /** One shard directory as read: its manifest's header and its runs. */
    private record Read(Path dir, int index, int count, String digest, JsonNode options, Map<RunId, Audit.StoredRun> runs,
                        List<String> standIns) {
        String label() {
            return index + "/" + count;
        }
    }

    /**
     * The audit that the shards in {@code dirs} make up, as {@link Audit#run} would give it unsharded.
     * Refuses, as bad input naming the directory and the problem: a directory that is not a shard,
     * shards of different audits or splits, a shard given twice, a missing shard, a run held twice
     * or by no shard, and inputs here (the fixtures) that differ from those the shards ran on.
     */
    public static Audit.Outcome merge(List<Path> dirs) {
        if (dirs.isEmpty()) {
            throw new BadInputException("no shard directories given");
        }
        List<Read> shards = new ArrayList<>();
        for (Path dir : dirs) {
            shards.add(read(dir));
        }
        Read first = shards.get(0);
        Map<Integer, Read> byIndex = new TreeMap<>();
        for (Read s : shards) {
            if (!s.digest().equals(first.digest())) {
                throw new BadInputException(s.dir() + ": a shard of another audit than " + first.dir() + " ("
                        + differences(first.options(), s.options()) + "); merge the shards of one audit");
            }
            if (s.count() != first.count()) {
                throw new BadInputException(s.dir() + ": shard " + s.label() + ", but " + first.dir() + " is shard "
                        + first.label() + "; merge the N shards of one split");
            }
            Read twice = byIndex.put(s.index(), s);
            if (twice != null) {
                throw new BadInputException(s.dir() + ": shard " + s.label() + " again (" + twice.dir()
                        + " is shard " + s.label() + " too); give each shard once");
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= first.count(); k++) {
            if (!byIndex.containsKey(k)) {
                missing.add(k + "/" + first.count());
            }
        }
        if (!missing.isEmpty()) {
            throw new BadInputException("shard" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing)
                    + " missing: give all " + first.count() + " shards of the audit (given: " + given(byIndex) + ")");
        }
        AuditConfig config = AuditOptions.fromJson(JsonField.at(first.dir().resolve(MANIFEST).toString(), "$.options",
                first.options()), 1);
        String here;
        try {
            here = AuditOptions.digest(config);
        } catch (BadInputException e) {
            throw new BadInputException("the shards' audit cannot be rebuilt here: " + e.getMessage());
        }
        if (!here.equals(first.digest())) {
            throw new BadInputException(first.dir() + ": the shards ran on other inputs than are here (the fixtures"
                    + (config.fixturesDir() == null ? "" : " in " + config.fixturesDir())
                    + (config.answers() == null ? "" : " or the answers in " + config.answers().dir())
                    + " changed since); merge "
                    + "in the checkout the shards ran in, or run the shards again");
        }
        Map<RunId, Integer> holders = Audit.shardsOfRuns(config, first.count());
        Map<RunId, Audit.StoredRun> runs = new LinkedHashMap<>();
        Map<RunId, Path> heldBy = new LinkedHashMap<>();
        for (Read s : byIndex.values()) {
            for (Map.Entry<RunId, Audit.StoredRun> e : s.runs().entrySet()) {
                RunId id = e.getKey();
                Integer holder = holders.get(id);
                if (holder == null) {
                    throw new BadInputException(s.dir() + ": holds the run " + id.label() + ", which is not in the audit");
                }
                if (holder != s.index()) {
                    throw new BadInputException(s.dir() + ": holds the run " + id.label() + ", which is shard "
                            + holder + "/" + s.count() + "'s");
                }
                Path other = heldBy.put(id, s.dir());
                if (other != null) {
                    throw new BadInputException(s.dir() + ": holds the run " + id.label() + ", as " + other + " does");
                }
                runs.put(id, e.getValue());
            }
        }
        for (Map.Entry<RunId, Integer> e : holders.entrySet()) {
            if (!runs.containsKey(e.getKey())) {
                throw new BadInputException(byIndex.get(e.getValue()).dir() + ": the run " + e.getKey().label()
                        + " is missing from shard " + e.getValue() + "/" + first.count());
            }
        }
        Set<String> standIns = new TreeSet<>(); // sorted, as an unsharded audit names them
        byIndex.values().forEach(s -> standIns.addAll(s.standIns()));
        return Audit.merge(config, runs, List.copyOf(standIns));
    }

    private static String given(Map<Integer, Read> byIndex) {
        List<String> out = new ArrayList<>();
        byIndex.values().forEach(r -> out.add(r.label() + " in " + r.dir()));
        return String.join(", ", out);
    }

    /** The options on which two manifests differ, by key, or what else can differ when none do. */
    private static String differences(JsonNode a, JsonNode b) {
        List<String> keys = new ArrayList<>();
        a.fieldNames().forEachRemaining(k -> {
            if (!a.get(k).equals(b.get(k))) {
                keys.add(k);
            }
        });
        b.fieldNames().forEachRemaining(k -> {
            if (!a.has(k)) {
                keys.add(k);
            }
        });
        return keys.isEmpty() ? "same options, other fixture contents"
                : "options that differ: " + String.join(", ", keys);
    }

    private static Read read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": not a directory (give the --out directories of ./regrade audit --shard K/N)");
        }
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)
                || !Files.isRegularFile(dir.resolve(OutputDirectory.MARKER), LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException(dir + ": not an audit shard (no " + MANIFEST + (Files.isRegularFile(
                    dir.resolve("report.json")) ? "; it is a whole audit's output" : "") + "); make shards with "
                    + "./regrade audit --shard K/N --out DIR");
        }
        String where = manifest.toString();
        JsonNode m = parse(manifest);
        JsonField f = JsonField.root(where, m).object();
        JsonField version = f.get("regrade_audit_shard");
        if (version.integer() != VERSION) {
            throw version.bad("version " + version.node() + ", this Regrade reads version " + VERSION);
        }
        int k = f.get("shard").integer();
        int n = f.get("of").integer();
        if (n < 1 || k < 1 || k > n) {
            throw BadInputException.inFile(where, "shard " + k + " of " + n + ": expected 1 <= shard <= of");
        }
        JsonNode options = f.get("options").as(JsonField.Kind.OBJECT);
        Map<RunId, Audit.StoredRun> runs = new LinkedHashMap<>();
        for (JsonField r : f.get("runs").elements()) {
            RunId id = new RunId(r.get("script").text(), r.get("input_kind").text(), r.get("input").text(),
                    r.get("variant").text(), r.get("hash_seed").longInteger());
            Audit.StoredRun run;
            JsonField reuses = r.get("reuses_seed");
            if (!reuses.isMissing()) {
                RunId from = new RunId(id.script(), id.inputKind(), id.input(), id.variant(), reuses.longInteger());
                Audit.StoredRun base = runs.get(from);
                if (base == null || base.seedRead() || !base.evaluated()) {
                    throw r.bad("reuses the run " + from.label()
                            + ", which is not an evaluated run above it that never read its seed");
                }
                run = new Audit.StoredRun(base.document().withHashSeed(id.hashSeed()), false, false, base.prompts());
            } else {
                run = new Audit.StoredRun(document(dir, r.get("file"), r, id), r.get("seed_read").bool(), true,
                        r.get("prompts").isMissing() ? List.of() : prompts(dir, r.get("prompts")));
            }
            if (runs.put(id, run) != null) {
                throw r.bad("the run " + id.label() + " is listed twice");
            }
        }
        return new Read(dir, k, n, f.get("digest").text(), options, runs, f.get("python_stand_ins").list(JsonField.Kind.TEXT));
    }

    private static ResultDocument document(Path dir, JsonField fileField, JsonField at, RunId id) {
        String file = fileField.text();
        Path root = dir.toAbsolutePath().normalize();
        Path path = root.resolve(file).normalize();
        if (!path.startsWith(root.resolve("runs"))) {
            throw fileField.bad(file + " is not under the shard's runs/");
        }
        Path stored = dir.resolve(file);
        ResultDocument doc = ResultJson.fromJson(JsonField.root(stored.toString(), parse(stored)));
        RunMeta meta = doc.regrade();
        RunId storedId = new RunId(meta.script(), meta.inputKind(), meta.input(), meta.variant(), meta.hashSeed());
        if (!storedId.equals(id)) {
            throw BadInputException.inFile(stored.toString(), "holds the run " + storedId.label() + ", but "
                    + at.file() + ": " + at.path() + " lists " + id.label());
        }
        return doc;
    }

    private static List<SentPrompt> prompts(Path dir, JsonField fileField) {
        String file = fileField.text();
        Path root = dir.toAbsolutePath().normalize();
        if (!root.resolve(file).normalize().startsWith(root.resolve("runs"))) {
            throw fileField.bad(file + " is not under the shard's runs/");
        }
        Path stored = dir.resolve(file);
        return SentPrompt.fromJson(JsonField.root(stored.toString(), parse(stored)));
    }

    private static JsonNode parse(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + IoProblems.describe(e));
        }
        try {
            return JsonFiles.parse(text);
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof JsonProcessingException j) {
                throw BadInputException.invalidJson(file.toString(), j);
            }
            throw new BadInputException(file + ": not valid JSON");
        }
    }
}
