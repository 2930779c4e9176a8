package dev.regrade.approval;

import dev.regrade.approval.ApprovalSuite;

/** Runs the approval suite under Maven (snapshots under src/test/resources). */
class ResultSnapshotTest extends ApprovalSuite {
}
