package dev.regrade.audit.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.BadInputException;
import dev.regrade.api.JsonField;
import dev.regrade.audit.core.OutputDirectory;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A shard's manifest and its recorded options, read through the one field reader: file, JSON path, one phrasing. */
class ManifestReadTest {
    private static final String OPTIONS = "{\"scripts\": [\"gas_stations\"], \"policies\": [\"full\"], "
            + "\"shipped_fixtures\": false, \"fixtures\": null, \"before\": \"released\", \"after\": \"fixed\", "
            + "\"seeds\": [0], \"judge\": \"in-process\", \"seed_reuse\": true, \"expectations_source\": \"e.json\", "
            + "\"expectations\": {\"description\": \"\", \"scripts\": {}}, \"python\": null}";

    private static String optionsProblem(String from, String to) {
        String json = OPTIONS.replace(from, to);
        return assertThrows(BadInputException.class, () -> AuditOptions.fromJson(
                JsonField.at("m/shard.json", "$.options", JsonFiles.parse(json)), 1)).getMessage();
    }

    @Test
    void recordedOptionsNameTheManifestAndThePath() {
        assertEquals("released", AuditOptions.fromJson(JsonField.at("m/shard.json", "$.options",
                JsonFiles.parse(OPTIONS)), 1).before());
        assertEquals("m/shard.json: $.options.judge: missing", optionsProblem("\"judge\": \"in-process\", ", ""));
        assertEquals("m/shard.json: $.options.shipped_fixtures: expected true or false, got a string",
                optionsProblem("\"shipped_fixtures\": false", "\"shipped_fixtures\": \"no\""));
        assertEquals("m/shard.json: $.options.seeds[0]: expected a whole number, got a string",
                optionsProblem("\"seeds\": [0]", "\"seeds\": [\"0\"]"));
        assertEquals("m/shard.json: $.options.judge: unknown judge mode 'remote' (expected in-process or http)",
                optionsProblem("\"judge\": \"in-process\"", "\"judge\": \"remote\""));
        // the embedded expectations: named where they sit in the manifest, not translated into another message
        assertEquals("m/shard.json: $.options.expectations.scripts.gas_stations.allow[0]: expected a non-empty glob, "
                + "got an empty string", optionsProblem("\"scripts\": {}}", "\"scripts\": {\"gas_stations\": "
                + "{\"allow\": [\"\"]}}}"));
    }

    @Test
    void aManifestNamesItsFileAndPath(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(OutputDirectory.MARKER), "");
        Path manifest = dir.resolve(Shards.MANIFEST);
        Files.writeString(manifest, "{\"regrade_audit_shard\": 1, \"shard\": 1, \"of\": 1}");
        assertEquals(manifest + ": $.regrade_audit_shard: version 1, this Regrade reads version 2",
                assertThrows(BadInputException.class, () -> Shards.merge(List.of(dir))).getMessage(),
                "a shard of before the prompts sidecars is refused");
        Files.writeString(manifest, "{\"regrade_audit_shard\": 2, \"shard\": \"1\", \"of\": 1}");
        assertEquals(manifest + ": $.shard: expected a whole number, got a string",
                assertThrows(BadInputException.class, () -> Shards.merge(List.of(dir))).getMessage());
        Files.writeString(manifest, "{\"regrade_audit_shard\": 2, \"of\": 1}");
        assertEquals(manifest + ": $.shard: missing",
                assertThrows(BadInputException.class, () -> Shards.merge(List.of(dir))).getMessage());
    }
}
