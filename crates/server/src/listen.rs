//! Accepting connections with limits, for a server open to the network: at most so many
//! connections at once and so many from one address (more are closed at once), a
//! deadline for a request's headers (an idle or half-sent connection is closed when it
//! passes) and for its body.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tower::Service;

/// The connection limits.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Connections open at once.
    pub max: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// Time allowed for a request's headers, and for a kept-alive connection's next one.
    pub headers: Duration,
    /// Time allowed for a request's body.
    pub body: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max: 1024,
            per_address: 128,
            headers: Duration::from_secs(10),
            body: Duration::from_secs(30),
        }
    }
}

/// Counts open connections, in all and per address.
#[derive(Default)]
struct Open {
    all: usize,
    by: HashMap<IpAddr, usize>,
}

/// A connection's place among the open ones, given back when it closes.
struct Place {
    open: Arc<Mutex<Open>>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut o = self.open.lock().unwrap_or_else(|e| e.into_inner());
        o.all -= 1;
        if let Some(n) = o.by.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                o.by.remove(&self.ip);
            }
        }
    }
}

fn take_place(open: &Arc<Mutex<Open>>, ip: IpAddr, limits: &ConnectionLimits) -> Option<Place> {
    let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
    let mine = o.by.get(&ip).copied().unwrap_or(0);
    if o.all >= limits.max || mine >= limits.per_address {
        return None;
    }
    o.all += 1;
    *o.by.entry(ip).or_insert(0) += 1;
    Some(Place {
        open: open.clone(),
        ip,
    })
}

/// Serves `app` on `listener` until `stop` fires, then lets the open requests finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    mut stop: oneshot::Receiver<()>,
) {
    let app = app.layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
        limits.body,
    ));
    let mut make = app.into_make_service_with_connect_info::<SocketAddr>();
    let open = Arc::new(Mutex::new(Open::default()));
    let (closing, closed) = watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    loop {
        let (stream, remote) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(_) => {
                    // out of file descriptors or the like: wait for connections to close
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // finished connections are reaped as new ones come
        while connections.try_join_next().is_some() {}
        let Some(place) = take_place(&open, remote.ip(), &limits) else {
            drop(stream);
            continue;
        };
        let Ok(service) = make.call(remote).await;
        let service = TowerToHyperService::new(service);
        let mut closed = closed.clone();
        let headers = limits.headers;
        connections.spawn(async move {
            let _place = place;
            // HTTP/1.1 only (browsers speak HTTP/2 over TLS alone, which a proxy in front
            // would end): the time for headers runs from the connection's start and from
            // each answer, so an idle connection is closed too
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(headers)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = closed.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
                }
            }
        });
    }
    let _ = closing.send(true);
    drop(listener);
    while connections.join_next().await.is_some() {}
}
