package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.rubric.json.JsonFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Expectations that fit the audit: {@code expect init}, and the checks of {@code --expect} and of an empty matrix. */
class ExpectCliTest {
    @TempDir
    Path dir;

    private CliRun audit(String out, String... extra) {
        String[] base = {"audit", "--scripts", "gas_stations", "--fixtures", "../fixtures", "--seeds", "0",
            "--quiet", "--out", dir.resolve(out).toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    private Path expectFile(String json) throws IOException {
        Path f = dir.resolve("e.json");
        Files.writeString(f, json, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void expectInitDraftsTheAuditsChangesAndTheAuditPassesWithThem() throws IOException {
        // Declared nothing: the audit's change is unexpected.
        Path nothing = expectFile("{\"scripts\": {}}");
        CliRun first = audit("a", "--expect", nothing.toString());
        assertEquals(1, first.status(), first.out() + first.err());
        Path drafted = dir.resolve("drafted.json");
        CliRun init = CliRun.of("expect", "init", "--from", dir.resolve("a").toString(), "--out", drafted.toString());
        assertEquals(0, init.status(), init.err());
        assertTrue(init.out().startsWith("Wrote " + drafted + ": 1 script, 1 node pattern, from "), init.out());
        JsonNode doc = JsonFiles.parse(Files.readString(drafted));
        assertEquals("station_5_distance_check", doc.at("/scripts/gas_stations/allow/0").asText(), doc.toString());
        assertEquals("station_5_distance_check: verdict", doc.at("/scripts/gas_stations/note").asText());
        CliRun again = audit("b", "--expect", drafted.toString());
        assertEquals(0, again.status(), again.out() + again.err());
        assertTrue(again.out().contains("0 unexpected changes"), again.out());
        // An existing file is a declaration someone may have trimmed: not replaced without --force.
        CliRun refused = CliRun.of("expect", "init", "--from", dir.resolve("a").toString(), "--out", drafted.toString());
        assertEquals(2, refused.status());
        assertEquals("regrade expect init: " + drafted + " exists; pass --force to replace it, or --out another FILE\n",
                refused.err());
        assertEquals(0, CliRun.of("expect", "init", "--from", dir.resolve("a").toString(), "--out", drafted.toString(),
                "--force").status());
        CliRun noReport = CliRun.of("expect", "init", "--from", dir.toString(), "--out", dir.resolve("x.json").toString());
        assertEquals(2, noReport.status());
        assertTrue(noReport.err().contains("no report.json here"), noReport.err());
    }

    @Test
    void anExpectationForAScriptNotAuditedIsExitTwoWithDidYouMean() throws IOException {
        Path typo = expectFile("{\"scripts\": {\"gas_station\": {\"allow\": [\"*\"]}}}");
        CliRun run = audit("out", "--expect", typo.toString());
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals("regrade audit: " + typo + ": scripts.gas_station: no audited script is named 'gas_station'; "
                + "did you mean 'gas_stations'? (audited: gas_stations)\n", run.err());
        assertFalse(Files.exists(dir.resolve("out").resolve("report.json")), "no report for a bad declaration");
    }

    @Test
    void aGlobMatchingNoNodeTheScriptProducesIsExitTwoNamingTheNearestIds() throws IOException {
        Path typo = expectFile("{\"scripts\": {\"gas_stations\": {\"allow\": [\"station_5_distance_check\", "
                + "\"station_5_distanse_check\"]}}}");
        CliRun run = audit("out", "--expect", typo.toString());
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals("regrade audit: " + typo + ": scripts.gas_stations.allow[1]: 'station_5_distanse_check' matches no "
                + "node gas_stations produces in this audit; did you mean 'station_5_distance_check'?\n", run.err());
        Path glob = expectFile("{\"scripts\": {\"gas_stations\": {\"allow\": [\"route_*_leg\"]}}}");
        CliRun far = audit("out", "--expect", glob.toString());
        assertEquals(2, far.status(), far.out() + far.err());
        assertTrue(far.err().contains("'route_*_leg' matches no node gas_stations produces in this audit; nearest node ids: "),
                far.err());
        assertFalse(Files.exists(dir.resolve("out").resolve("report.json")), "no verdict on a bad declaration");
    }

    @Test
    void anAuditThatWouldRunNothingIsExitTwo() {
        CliRun none = CliRun.of("audit", "--scripts", "gas_stations", "--policies", "none", "--fixtures", "none",
                "--quiet", "--out", dir.resolve("out").toString());
        assertEquals(2, none.status(), none.out() + none.err());
        assertTrue(none.err().startsWith("regrade audit: the audit would run 0 runs: --scripts gas_stations with no "
                + "policy (--policies none) and no fixtures (--fixtures none)"), none.err());
        CliRun shard = CliRun.of("audit", "--scripts", "gas_stations", "--policies", "none", "--fixtures",
                dir.toString(), "--quiet", "--shard", "1/2", "--out", dir.resolve("s").toString());
        assertEquals(2, shard.status(), shard.err());
        assertTrue(shard.err().contains("the audit would run 0 runs: --scripts gas_stations with no policy "
                + "(--policies none) and no fixtures for it in " + dir), shard.err());
    }

    @Test
    void anAuditOfOneScriptListsOnlyItsOwnUnexercisedFix() throws IOException {
        // gas_stations' fix changes nothing under the empty policy alone: its fix is the one unexercised.
        CliRun run = CliRun.of("audit", "--scripts", "gas_stations", "--policies", "empty", "--fixtures", "none",
                "--seeds", "0", "--quiet", "--out", dir.resolve("out").toString());
        assertEquals(0, run.status(), run.out() + run.err());
        JsonNode report = JsonFiles.parse(Files.readString(dir.resolve("out").resolve("report.json")));
        JsonNode unexercised = report.findValue("unexercised");
        assertEquals("[\"gas_stations\"]", unexercised.toString(), report.findValue("changelog").toString());
    }
}
