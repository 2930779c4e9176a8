package dev.regrade.audit.answers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.api.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's answer layout read into inputs: what is an answer, its text, its name, and what is refused. */
class AnswersDirTest {
    private static final List<String> KNOWN = List.of("gas_stations", "rl_course_book", "ikea_shopping_list");

    @TempDir
    Path root;

    private Path write(String rel, byte[] bytes) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        return Files.write(p, bytes);
    }

    private Path write(String rel, String text) throws IOException {
        return write(rel, text.getBytes(StandardCharsets.UTF_8));
    }

    private AnswersDir.Read read(List<String> audited) {
        return AnswersDir.read("--answers", root, KNOWN, audited);
    }

    @Test
    void everyMdFileOfATaskFolderIsAnAnswerInTheRunnersOrder() throws IOException {
        write("beta/gas_stations/answer_2.md", "two");
        write("beta/gas_stations/answer_10.md", "ten");
        write("alpha/gas_stations/answer_1.md", "one");
        write("alpha/gas_stations/notes.txt", "not an answer");
        write("alpha/gas_stations/.md", "no suffix in Python: not an answer");
        write("alpha/gas_stations/answer_3.MD", "suffix compared exactly: not an answer");
        write("alpha/gas_stations/deeper/answer_4.md", "in a sub-folder: not looked at");
        write("alpha/README.md", "a file beside the tasks: not looked at");
        write("alpha/gas_stations/answer_1.json", "{}");
        AnswersDir.Read r = read(List.of("gas_stations"));
        // agents by name, then files by name as Python sorts strings (answer_10 before answer_2)
        assertEquals(List.of("alpha-answer_1", "beta-answer_10", "beta-answer_2"),
                r.of("gas_stations").stream().map(Answer::inputName).toList());
        Answer first = r.of("gas_stations").get(0);
        assertEquals("alpha", first.agent());
        assertEquals("answer_1.md", first.fileName());
        assertEquals("alpha/gas_stations/answer_1.md", first.path());
        assertEquals("one", first.text());
        assertEquals("alpha/gas_stations/answer_1.json", first.fixture()); // its fixture, beside it
        assertEquals(null, r.of("gas_stations").get(1).fixture());
        assertEquals(3, r.count());
    }

    @Test
    void theSuffixRuleIsPythons() {
        assertTrue(AnswersDir.isAnswerName("answer_1.md"));
        assertTrue(AnswersDir.isAnswerName("..md"));
        assertTrue(AnswersDir.isAnswerName("a.b.md"));
        assertFalse(AnswersDir.isAnswerName(".md"));
        assertFalse(AnswersDir.isAnswerName("answer.md.bak"));
        assertFalse(AnswersDir.isAnswerName("answer.MD"));
    }

    @Test
    void theTextIsReadAsPythonsTextModeReadsIt() throws IOException {
        write("a/gas_stations/crlf.md", "line 1\r\nline 2\rline 3\n");
        write("a/gas_stations/empty.md", "");
        write("a/gas_stations/bom.md", "\uFEFFwith a BOM");
        AnswersDir.Read r = read(List.of("gas_stations"));
        Map<String, String> byFile = new java.util.HashMap<>();
        r.of("gas_stations").forEach(a -> byFile.put(a.fileName(), a.text()));
        assertEquals("line 1\nline 2\nline 3\n", byFile.get("crlf.md"));
        assertEquals("", byFile.get("empty.md")); // the runner evaluates an empty answer too
        assertEquals("\uFEFFwith a BOM", byFile.get("bom.md")); // encoding="utf-8" keeps the BOM
    }

    @Test
    void namesArePathSafeAndUniqueIgnoringCase() throws IOException {
        write("a b/gas_stations/answer 1.md", "x");
        write("a_b/gas_stations/answer_1.md", "y");
        write("A_B/gas_stations/answer_1.md", "z");
        List<String> names = read(List.of("gas_stations")).of("gas_stations").stream().map(Answer::inputName).toList();
        assertEquals(List.of("A_B-answer_1", "a_b-answer_1-2", "a_b-answer_1-3"), names);
    }

    @Test
    void tasksNotAuditedAndTasksWithoutAScriptArePassedOverWithACount() throws IOException {
        write("a/gas_stations/answer_1.md", "x");
        write("a/rl_course_book/answer_1.md", "x");
        write("a/rl_course_book/answer_2.md", "x");
        write("b/rl_course_book/answer_1.md", "x");
        write("a/lol_sylas/answer_1.md", "x");
        write("a/main_logs/run.log", "a folder without answers: not a task");
        write(".git/objects/answer.md", "a hidden folder: no agent");
        write("a/gas_station/notes.txt", "close to a task's name, but holds no answer: not looked at");
        AnswersDir.Read r = read(List.of("gas_stations", "ikea_shopping_list"));
        assertEquals(1, r.count());
        assertEquals(Map.of("rl_course_book", 3), r.notAudited());
        assertEquals(Map.of("lol_sylas", 1), r.unknown());
        assertFalse(r.byTask().containsKey("ikea_shopping_list"));
        assertEquals("--answers: 1 answer of 1 audited task; passed over 3 of 1 task(s) not audited (rl_course_book); "
                + "passed over 1 of 1 task(s) with no script here (lol_sylas)", r.summaryLine());
    }

    @Test
    void aTaskFolderCloseToATasksNameIsBadInputWithDidYouMean() throws IOException {
        write("agent/gas_station/answer_1.md", "x");
        BadInputException e = assertThrows(BadInputException.class, () -> read(List.of("gas_stations")));
        assertTrue(e.getMessage().contains("agent/gas_station names no task; did you mean 'gas_stations'?"),
                e.getMessage());
    }

    @Test
    void anAnswerThatIsNotUtf8IsBadInputNamingTheFileAndTheByte() throws IOException {
        Path f = write("agent/gas_stations/answer_1.md", new byte[] {'o', 'k', ' ', (byte) 0xE9, 't', 'e'});
        BadInputException e = assertThrows(BadInputException.class, () -> read(List.of("gas_stations")));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not UTF-8 text (an invalid byte at offset 3)"), e.getMessage());
    }

    @Test
    void oneAgentsFolderInsteadOfTheirParentIsBadInput() throws IOException {
        write("gas_stations/answer_1.md", "x");
        BadInputException e = assertThrows(BadInputException.class, () -> read(List.of("gas_stations")));
        assertTrue(e.getMessage().contains("looks like one agent's folder"), e.getMessage());
    }

    @Test
    void aMissingDirectoryIsBadInput() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> AnswersDir.read("--answers", root.resolve("nope"), KNOWN, KNOWN));
        assertTrue(e.getMessage().startsWith("--answers: "), e.getMessage());
        assertTrue(e.getMessage().contains("is not a directory"), e.getMessage());
    }

    @Test
    void anUnknownOfflinePolicyIsBadInputWithDidYouMean() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> new AnswerSource(root, "hsh").offlinePolicy());
        assertTrue(e.getMessage().contains("--answers-policy: no policy 'hsh'; did you mean 'hash'?"), e.getMessage());
    }
}
