//! The computer's thinking runs on a fixed number of engine threads, never on the threads
//! that answer requests: however many games wait for the computer, the server's work and
//! memory stay bounded. Jobs queue in two lines, served first come first served: games
//! with a person at the table before games between computers, so a player never waits
//! behind a crowd of computer games.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Lines {
    /// Games with a person waiting for the computer's move.
    person: VecDeque<Job>,
    /// Games between computers.
    computers: VecDeque<Job>,
    /// Jobs being run now.
    running: usize,
    closed: bool,
}

struct Shared {
    lines: Mutex<Lines>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Lines> {
        self.lines.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The engine threads and their queue.
pub struct Pool {
    shared: Arc<Shared>,
    threads: usize,
}

/// What the pool is doing, for the server's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Load {
    /// Engine threads.
    pub threads: usize,
    /// Jobs running.
    pub running: usize,
    /// Jobs waiting, games with a person and games between computers.
    pub waiting_person: usize,
    pub waiting_computers: usize,
}

impl Pool {
    /// A pool of `threads` engine threads (at least one).
    pub fn new(threads: usize) -> Pool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            lines: Mutex::new(Lines::default()),
            ready: Condvar::new(),
        });
        for i in 0..threads {
            let s = shared.clone();
            std::thread::Builder::new()
                .name(format!("ashta-engine-{i}"))
                .spawn(move || work(&s))
                .expect("the system starts an engine thread");
        }
        Pool { shared, threads }
    }

    /// Queues `f`; its answer comes through the receiver (closed if the pool stops first).
    /// `person`: a person waits for it.
    pub fn run<T: Send + 'static>(
        &self,
        person: bool,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> oneshot::Receiver<T> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        let mut lines = self.shared.lock();
        if person {
            lines.person.push_back(job);
        } else {
            lines.computers.push_back(job);
        }
        drop(lines);
        self.shared.ready.notify_one();
        rx
    }

    /// Threads, running and waiting jobs.
    pub fn load(&self) -> Load {
        let lines = self.shared.lock();
        Load {
            threads: self.threads,
            running: lines.running,
            waiting_person: lines.person.len(),
            waiting_computers: lines.computers.len(),
        }
    }
}

impl Drop for Pool {
    /// The threads finish the job in hand and stop; waiting jobs are dropped.
    fn drop(&mut self) {
        let mut lines = self.shared.lock();
        lines.closed = true;
        lines.person.clear();
        lines.computers.clear();
        drop(lines);
        self.shared.ready.notify_all();
    }
}

fn work(shared: &Shared) {
    loop {
        let job = {
            let mut lines = shared.lock();
            loop {
                if lines.closed {
                    return;
                }
                if let Some(j) = lines
                    .person
                    .pop_front()
                    .or_else(|| lines.computers.pop_front())
                {
                    lines.running += 1;
                    break j;
                }
                lines = shared.ready.wait(lines).unwrap_or_else(|e| e.into_inner());
            }
        };
        // a job that panics loses its answer (the receiver sees the channel closed), not
        // the thread
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        shared.lock().running -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_person_goes_before_the_computers_and_no_more_than_the_threads_run() {
        let pool = Pool::new(1);
        let order = Arc::new(Mutex::new(Vec::new()));
        // the one thread is busy; then three computer games and a person queue
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let g = gate.clone();
        let first = pool.run(false, move || {
            let (m, c) = &*g;
            let mut open = m.lock().unwrap();
            while !*open {
                open = c.wait(open).unwrap();
            }
        });
        while pool.load().running == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let mut answers = Vec::new();
        for (person, name) in [(false, "c1"), (false, "c2"), (true, "p"), (false, "c3")] {
            let o = order.clone();
            answers.push(pool.run(person, move || o.lock().unwrap().push(name)));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let load = pool.load();
        assert_eq!(load.running, 1);
        assert_eq!((load.waiting_person, load.waiting_computers), (1, 3));
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
        first.await.unwrap();
        for a in answers {
            a.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["p", "c1", "c2", "c3"]);
        // a job that panics closes its answer and the pool goes on
        let bad = pool.run(true, || -> u32 { panic!("a bad job") });
        assert!(bad.await.is_err());
        assert_eq!(pool.run(true, || 7).await.unwrap(), 7);
    }
}
