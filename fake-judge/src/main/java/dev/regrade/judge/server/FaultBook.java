package dev.regrade.judge.server;

/** The faults in place and how much of each one-shot rule's budget is spent. Thread-safe. */
final class FaultBook {
    private final Faults faults;
    private final int[] used;
    private int received;

    FaultBook(Faults faults) {
        this.faults = faults;
        this.used = new int[faults.rules().size()];
    }

    Faults faults() {
        return faults;
    }

    int latencyMillis() {
        return (int) Math.min(Integer.MAX_VALUE, faults.latency().toMillis());
    }

    /** Numbers the next request and returns the fault it gets, or null. */
    synchronized FaultKind next(RequestKind kind, String claim) {
        received++;
        for (int i = 0; i < used.length; i++) {
            FaultRule rule = faults.rules().get(i);
            if ((rule.times() == 0 || used[i] < rule.times()) && rule.matches(received, kind, claim)) {
                used[i]++;
                return rule.fault();
            }
        }
        return null;
    }
}
