package dev.regrade.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant the audited scripts lack is said once, with "did you mean", not once per script; a name
 * given twice in a list option is refused, not run and counted twice.
 */
class AuditOptionMessagesTest {
    @TempDir
    Path out;

    @Test
    void aMisspelledVariantIsOneLineWithTheClosestName() {
        assertEquals("regrade audit: --after fixd: no audited script has a variant 'fixd'; did you mean 'fixed'? "
                + "(variants: fixed, instructors-last, released)\n", err("audit", "--after", "fixd"));
    }

    @Test
    void aVariantOnlySomeScriptsHaveNamesThem() {
        assertEquals("regrade audit: --after instructors-last: only rl_course_book of the audited scripts has it; "
                + "choose --scripts rl_course_book, or a variant every audited script has (released, fixed)\n",
                err("audit", "--scripts", "gas_stations,rl_course_book", "--after", "instructors-last"));
    }

    @Test
    void aNameGivenTwiceInAListOptionIsRefused() {
        assertEquals("regrade audit: --scripts: 'popular_ai_books' is given twice\n",
                err("audit", "--scripts", "popular_ai_books,popular_ai_books"));
        assertEquals("regrade audit: --policies: 'hash' is given twice\n", err("audit", "--policies", "hash,hash"));
        assertEquals("regrade audit: --seeds: '0' is given twice\n", err("audit", "--seeds", "0", "--seeds", "0"));
    }

    private String err(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--out";
        all[args.length + 1] = out.resolve("audit").toString();
        CliRun run = CliRun.of(all);
        assertEquals(ExitCodes.BAD_INPUT, run.status());
        return run.err();
    }
}
