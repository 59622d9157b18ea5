// Package queue is the supermarket model of docs/sources.md, §SM: n FIFO
// servers, Poisson arrivals at rate load x n, exponential service of rate
// 1, each job sent by a policy (a random server, the shortest of d random
// ones, the shortest of all, round robin, or the shortest of d on a load
// board refreshed every T time units), simulated event by event in
// continuous time. Beside it, the mean-field limit of Mitzenmacher and of
// Vvedenskaya, Dobrushin and Karpelevich: with d choices the fraction of
// servers holding at least i jobs tends to load^((d^i - 1)/(d - 1)).
package queue
