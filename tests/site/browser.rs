//! A headless Chromium driven through chromedriver (Debian's `chromium` and
//! `chromium-driver` packages), one per test, with a fresh profile.

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: [&str; 2] = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const CHROMEDRIVER: [&str; 2] = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"];

/// One browser at a time: the machine is small and the tests are many.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub(crate) struct Browser {
    pub client: Client,
    driver: Child,
    _profile: tempfile::TempDir,
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

fn first_existing(candidates: &[&str]) -> Option<PathBuf> {
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|path| path.is_file())
}

/// The browser, or `None` (after a loud message) when Chromium or
/// chromedriver is missing. With `CI` set, a missing browser fails the test.
pub(crate) async fn start() -> Option<Browser> {
    start_with(&[]).await
}

/// The browser with more command-line switches (such as one that turns
/// JavaScript off).
pub(crate) async fn start_with(extra: &[&str]) -> Option<Browser> {
    let turn = ONE_AT_A_TIME.lock().await;
    let (Some(chromium), Some(chromedriver)) =
        (first_existing(&CHROMIUM), first_existing(&CHROMEDRIVER))
    else {
        crate::skip::skipped(
            "Chromium or chromedriver",
            "the browser tests of the website are",
            "apt-get install -y chromium chromium-driver",
        );
        return None;
    };
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let mut driver = Command::new(&chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if started.elapsed() > Duration::from_secs(20) {
            let _ = driver.kill();
            panic!("chromedriver did not listen on port {port} within 20 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let profile = tempfile::tempdir().expect("a profile folder");
    let mut args = vec![
        "--headless=new".to_string(),
        "--no-sandbox".to_string(),
        "--disable-gpu".to_string(),
        "--disable-dev-shm-usage".to_string(),
        "--disable-background-networking".to_string(),
        "--disable-component-update".to_string(),
        "--disable-sync".to_string(),
        "--no-first-run".to_string(),
        "--no-default-browser-check".to_string(),
        "--hide-scrollbars".to_string(),
        "--window-size=1280,900".to_string(),
        format!("--user-data-dir={}", profile.path().display()),
    ];
    args.extend(extra.iter().map(std::string::ToString::to_string));
    let capabilities = json!({
        "browserName": "chrome",
        "goog:loggingPrefs": { "browser": "ALL" },
        "goog:chromeOptions": {
            "binary": chromium,
            "args": args
        }
    });
    let Value::Object(capabilities) = capabilities else {
        unreachable!("an object literal")
    };
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .unwrap_or_else(|err| {
            let _ = driver.kill();
            panic!("cannot start a Chromium session: {err}")
        });
    Some(Browser {
        client,
        driver,
        _profile: profile,
        _turn: turn,
    })
}

impl Browser {
    pub(crate) async fn open(&self, file: &Path) {
        let url = url::Url::from_file_path(file).expect("an absolute path");
        self.client
            .goto(url.as_str())
            .await
            .expect("the page opens");
    }

    pub(crate) async fn eval(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|err| panic!("script {script:?} fails: {err}"))
    }

    /// Console messages of level SEVERE (errors, refused loads, CSP
    /// violations) since the last call.
    pub(crate) async fn console_errors(&self) -> Vec<String> {
        let logs = self
            .client
            .issue_cmd(BrowserLog)
            .await
            .expect("chromedriver gives the browser log");
        logs.as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    pub(crate) async fn screenshot(&self, name: &str) {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/site-screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot folder");
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(dir.join(name), png).expect("screenshot written");
    }

    pub(crate) async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// chromedriver's `GET`-like log endpoint (`goog:loggingPrefs` turns it on).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(r#"{"type":"browser"}"#.to_string()),
        )
    }
}
