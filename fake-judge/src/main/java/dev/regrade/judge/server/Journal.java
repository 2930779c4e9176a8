package dev.regrade.judge.server;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The request journal: entries numbered on arrival, listed in arrival order. Thread-safe. */
final class Journal {
    /** A request's place in the journal, taken when it arrives. */
    record Ticket(long generation, long sequence) {
    }

    private final List<JournalEntry> entries = new ArrayList<>();
    private long generation;
    private long sequence;

    synchronized Ticket arrive() {
        return new Ticket(generation, ++sequence);
    }

    /** Records an entry unless the journal was cleared after its request arrived. */
    synchronized void record(Ticket ticket, JournalEntry entry) {
        if (ticket.generation() == generation) {
            entries.add(entry);
        }
    }

    synchronized List<JournalEntry> snapshot() {
        List<JournalEntry> copy = new ArrayList<>(entries);
        copy.sort(Comparator.comparingLong(JournalEntry::sequence));
        return List.copyOf(copy);
    }

    synchronized void clear() {
        entries.clear();
        generation++;
        sequence = 0;
    }
}
