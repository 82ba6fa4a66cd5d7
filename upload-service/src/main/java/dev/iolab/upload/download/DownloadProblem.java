package dev.iolab.upload.download;

import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpStatus;

/** The causes the download feature refuses a download with. */
enum DownloadProblem implements ProblemType {
    DOWNLOADS_BUSY("downloads-busy", HttpStatus.SERVICE_UNAVAILABLE, "Too many downloads"),
    RANGE_NOT_SATISFIABLE("range-not-satisfiable", HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE, "Range not satisfiable");

    private final Data data;

    DownloadProblem(String slug, HttpStatus status, String title) {
        this.data = Data.of(slug, status, title);
    }

    @Override
    public Data data() {
        return data;
    }
}
