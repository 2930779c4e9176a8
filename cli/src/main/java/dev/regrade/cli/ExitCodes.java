package dev.regrade.cli;

/** The exit statuses every command uses. */
final class ExitCodes {
    static final int OK = 0;
    static final int FINDING = 1;
    static final int BAD_INPUT = 2;
    /** The judge could not be reached or kept failing: the run was abandoned. */
    static final int JUDGE_UNAVAILABLE = 3;

    private ExitCodes() {
    }
}
