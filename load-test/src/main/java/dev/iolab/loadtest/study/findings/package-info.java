/**
 * The upload study's findings: {@link dev.iolab.loadtest.study.findings.StudyFigures} (what a study run measured, read
 * from its result or from a committed report and CSV) goes into {@link dev.iolab.loadtest.study.findings.UploadFindings}
 * (a pure analysis) and comes out as {@link dev.iolab.loadtest.study.findings.Finding} records, which
 * {@link dev.iolab.loadtest.study.findings.FindingsRenderer} writes through the Mustache templates beside this package
 * in the resources: the sentences live there, the figures come from here.
 */
package dev.iolab.loadtest.study.findings;
