package dev.iolab.loadtest.study;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The upload study's CSV beside its report: one row per ceiling and per cell with every figure, for other tools. */
final class StudyCsv {

    private static final double MIB = 1024.0 * 1024.0;

    private StudyCsv() {}

    /** One CSV row per cell and per ceiling: every figure of the report, for other tools. */
    @JsonPropertyOrder({
        "budget",
        "row",
        "fileSizeMb",
        "users",
        "clients",
        "accepted",
        "refused",
        "failed",
        "refusedBy",
        "failedBy",
        "meanSeconds",
        "p95Seconds",
        "burstSeconds",
        "throughputMibPerSecond",
        "timeRatioToDirect",
        "timeRatioToStorage",
        "timeRatioToNginx",
        "throughputRatioToDirect",
        "throughputRatioToStorage",
        "throughputRatioToNginx",
        "cpuClientSeconds",
        "cpuHopSeconds",
        "cpuAzuriteSeconds",
        "serviceReadMiBPerUpload",
        "verifyReadMiBPerUpload",
        "peakHeapMiB",
        "idleLiveHeapMiB",
        "liveInFlightMiB",
        "inFlight",
        "livePerUploadMiB",
        "peakDirectMiB",
        "peakRssMiB",
        "serviceUp",
        "oomErrors",
        "gatlingExit"
    })
    record CsvRow(
            String budget,
            String row,
            int fileSizeMb,
            int users,
            String clients,
            Integer accepted,
            Integer refused,
            Integer failed,
            String refusedBy,
            String failedBy,
            Double meanSeconds,
            Double p95Seconds,
            Double burstSeconds,
            Double throughputMibPerSecond,
            Double timeRatioToDirect,
            Double timeRatioToStorage,
            Double timeRatioToNginx,
            Double throughputRatioToDirect,
            Double throughputRatioToStorage,
            Double throughputRatioToNginx,
            Double cpuClientSeconds,
            Double cpuHopSeconds,
            Double cpuAzuriteSeconds,
            Double serviceReadMiBPerUpload,
            Double verifyReadMiBPerUpload,
            Double peakHeapMiB,
            Double idleLiveHeapMiB,
            Double liveInFlightMiB,
            Integer inFlight,
            Double livePerUploadMiB,
            Double peakDirectMiB,
            Double peakRssMiB,
            Boolean serviceUp,
            Integer oomErrors,
            Integer gatlingExit) {}

    static String csv(StudyResult result) throws IOException {
        List<CsvRow> rows = new ArrayList<>();
        for (StudyResult.Ceiling c : result.ceilings()) {
            rows.add(ceilingRow(result, c));
        }
        for (StudyResult.Cell c : StudyAnalysis.ordered(result)) {
            rows.add(cellRow(result, c));
        }
        CsvMapper mapper = new CsvMapper();
        CsvSchema schema = mapper.schemaFor(CsvRow.class).withHeader();
        return mapper.writer(schema).writeValueAsString(rows);
    }

    private static CsvRow ceilingRow(StudyResult result, StudyResult.Ceiling c) {
        return new CsvRow(
                "",
                c.row(),
                c.fileSizeMb(),
                c.users(),
                c.clients(),
                c.stored(),
                0,
                c.failed(),
                "",
                "",
                c.meanSeconds(),
                c.p95Seconds(),
                c.spanSeconds(),
                c.throughputMibPerSecond(),
                StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.DIRECT),
                StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.STORAGE),
                StudyAnalysis.ceilingRatio(result, c, StudyResult.Ceiling.NGINX),
                null,
                null,
                null,
                c.cpu().client(),
                c.cpu().hop(),
                c.cpu().storage(),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    private static CsvRow cellRow(StudyResult result, StudyResult.Cell c) {
        var o = c.outcomes();
        var m = c.memory();
        return new CsvRow(
                c.budget() ? "on" : "off",
                c.strategy(),
                c.fileSizeMb(),
                c.users(),
                c.users() + " Gatling users",
                c.accepted(),
                o == null ? null : o.refused(),
                c.failed(),
                o == null ? "" : joined(StudyAnalysis.shortKeys(o.refusedBy())),
                o == null ? "" : joined(o.failedBy()),
                o == null ? null : o.meanSeconds(),
                o == null ? null : o.p95Seconds(),
                o == null ? null : o.spanSeconds(),
                o == null ? null : o.throughputMibPerSecond(),
                StudyAnalysis.timeRatio(result, c, StudyResult.Ceiling.DIRECT),
                StudyAnalysis.timeRatio(result, c, StudyResult.Ceiling.STORAGE),
                StudyAnalysis.timeRatio(result, c, StudyResult.Ceiling.NGINX),
                StudyAnalysis.throughputRatio(result, c, StudyResult.Ceiling.DIRECT),
                StudyAnalysis.throughputRatio(result, c, StudyResult.Ceiling.STORAGE),
                StudyAnalysis.throughputRatio(result, c, StudyResult.Ceiling.NGINX),
                c.cpu() == null ? null : c.cpu().client(),
                c.cpu() == null ? null : c.cpu().hop(),
                c.cpu() == null ? null : c.cpu().storage(),
                c.reads() == null ? null : mib(c.reads().bytesPerUpload()),
                c.verifyReads() == null ? null : mib(c.verifyReads().bytesPerUpload()),
                mib(m.peakHeapUsedBytes()),
                m.idleLiveHeapBytes() == null ? null : mib(m.idleLiveHeapBytes().doubleValue()),
                m.liveAboveIdleBytes() == null
                        ? null
                        : mib(m.liveAboveIdleBytes().doubleValue()),
                m.inFlight(),
                mib(m.livePerUploadBytes()),
                mib(m.peakDirectBytes()),
                mib(m.peakRssBytes()),
                c.serviceUp(),
                c.oomErrors(),
                c.gatlingExit());
    }

    private static String joined(Map<String, Integer> map) {
        return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static Double mib(Double bytes) {
        return bytes == null ? null : Math.round(bytes / MIB * 100) / 100.0;
    }
}
