// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random stakes, leaves (on time, early, repeated, and with a gas limit chosen at random, as an
///         attacker starving the ledger call would), pending-reward retries, reserve funding and withdrawals
///         on one staking pool, the stakers' ledger claims (which free and reuse revocable slots), and its
///         owner's actions (rates, the minimum, release duration, and the ledger owner
///         removing the pool as a writer or adding it back through a delayed proposal), with time passing;
///         records what the pool should hold and owe, and checks that every leave returns the principal,
///         keeps exactly the quoted reward (never more than the shortest period's rate by the second when
///         early) and never leaves a reward pending while the pool is an active writer.
contract EternoStakingHandler is Test {
    EternoStaking public immutable pool;
    IERC20 public immutable stakeToken;
    IERC20 public immutable etro;
    address public immutable owner;
    address[] public stakers;
    uint256[] public ids;

    LockLedger public immutable ledger;
    bool public immutable perSecond;
    uint256 public ghostOpenAmount;
    uint256 public ghostPending;
    uint256 public ghostRevokedBack;
    uint256 public ghostOpenReward;
    uint256 public ghostFunded;
    uint256 public ghostWithdrawn;
    uint256 public ghostRewardsPaid;
    uint256 public ghostPrincipalReturned;
    uint256 public ghostSecondLeaves;
    uint256 public starvedLeaves;
    mapping(uint256 id => uint256 count) public leaves;
    uint256 public enters;
    uint256 public claims;

    constructor(EternoStaking pool_, address owner_, address[] memory stakers_) {
        pool = pool_;
        stakeToken = pool_.STAKE_TOKEN();
        etro = pool_.REWARD_TOKEN();
        owner = owner_;
        stakers = stakers_;
        ledger = pool_.LEDGER();
        perSecond = pool_.ACCRUAL() == EternoStaking.Accrual.PerSecond;
    }

    function orderCount() external view returns (uint256) {
        return ids.length;
    }

    function enter(uint256 stakerSeed, uint256 amount, uint256 periodIndex) external {
        address staker = stakers[stakerSeed % stakers.length];
        uint256 balance = stakeToken.balanceOf(staker);
        uint256 minimum = pool.minStakeAmount();
        if (balance < minimum) return;
        amount = bound(amount, minimum, balance < 50_000e18 ? balance : 50_000e18);
        uint256 lockDays = pool.lockPeriods()[periodIndex % 8];
        uint256 reward = amount * pool.rateBps(lockDays) / 10_000;
        if (reward > pool.availableRewards()) return;
        uint256 base;
        if (perSecond) {
            base = amount * pool.rateBps(30) * lockDays / (30 * 10_000);
            if (base > reward) base = reward;
            (bool writer,) = ledger.writerOf(address(pool));
            if (base != 0 && !writer) return; // the ledger refuses the up-front credit
            uint256 cap = pool.MAX_RUNNING_ORDERS();
            if (pool.runningOrdersOf(staker) == cap) {
                vm.prank(staker);
                vm.expectRevert(abi.encodeWithSelector(EternoStaking.TooManyRunningOrders.selector, staker, cap));
                _enterFor(lockDays, amount);
                return;
            }
        }
        uint256 creditedBefore = ledger.credited(staker);
        vm.prank(staker);
        uint256 id = _enterFor(lockDays, amount);
        require(ledger.credited(staker) - creditedBefore == base, "the base (per second) is credited at entry");
        require(pool.baseReward(id) == base, "baseReward");
        ids.push(id);
        ghostOpenAmount += amount;
        ghostRewardsPaid += base;
        ghostOpenReward += reward - base;
        enters++;
    }

    /// @dev What a leave is checked against, read before it.
    struct Before {
        uint256 principal;
        uint256 reward;
        bool early;
        bool writer;
        uint256 tokens;
        uint256 credited;
        uint256 poolEtro;
    }

    /// @dev Leaves an order as its owner, with all the gas or (`limited`) with a gas limit drawn from
    ///      [40,000, 1,000,000]: a leave either reverts and changes nothing, or does exactly what
    ///      `quoteLeave` said.
    function leaveOrder(uint256 idSeed, uint256 gasSeed, bool limited) external {
        if (ids.length == 0) return;
        uint256 id = ids[idSeed % ids.length];
        EternoStaking.Order memory order = pool.orders(id);
        if (order.unstaked) {
            // A second leave must fail; count it if it ever goes through.
            vm.prank(order.owner);
            try pool.leaveStaking(id) {
                ghostSecondLeaves++;
            } catch {}
            return;
        }
        Before memory b = _before(id, order);
        vm.prank(order.owner);
        if (limited) {
            (bool ok,) = address(pool).call{gas: bound(gasSeed, 40_000, 1_000_000)}(
                abi.encodeCall(EternoStaking.leaveStaking, (id))
            );
            if (!ok) {
                require(!pool.orders(id).unstaked, "a failed leave changes nothing");
                require(ledger.credited(order.owner) == b.credited, "nor the lock balance");
                starvedLeaves++;
                return;
            }
        } else {
            pool.leaveStaking(id);
        }
        _afterLeave(id, order, b);
    }

    function _before(uint256 id, EternoStaking.Order memory order) private view returns (Before memory b) {
        uint256 forfeited;
        (b.principal, b.reward, forfeited, b.early,) = pool.quoteLeave(id);
        require(b.reward + forfeited == order.reward, "kept + forfeited == the full reward");
        if (perSecond && b.early) {
            uint256 elapsed = block.timestamp - order.stakingTime;
            uint256 chain = uint256(order.amount) * order.baseRateBps * elapsed / (30 days * 10_000);
            require(b.reward <= chain, "an early leave keeps no more than the shortest rate by the second");
        }
        (b.writer,) = ledger.writerOf(address(pool));
        b.tokens = stakeToken.balanceOf(order.owner);
        b.credited = ledger.credited(order.owner);
        b.poolEtro = etro.balanceOf(address(pool));
    }

    function _afterLeave(uint256 id, EternoStaking.Order memory order, Before memory b) private {
        leaves[id]++;
        require(stakeToken.balanceOf(order.owner) - b.tokens == b.principal, "principal returned");
        require(b.principal == order.amount, "the whole principal");
        ghostOpenAmount -= order.amount;
        ghostPrincipalReturned += b.principal;
        uint256 base = pool.baseReward(id);
        ghostOpenReward -= order.reward - base;
        uint256 pending = pool.pendingReward(id);
        require(pending == 0 || !b.writer, "never pending while the pool is a writer: a starved credit reverts");
        uint256 creditedNow = ledger.credited(order.owner);
        if (perSecond && b.early) {
            uint256 back = etro.balanceOf(address(pool)) - b.poolEtro;
            require(back == base - b.reward, "the base's unreleased part came back");
            require(creditedNow + back == b.credited, "the ledger gave back exactly that");
            ghostRewardsPaid -= back;
            ghostRevokedBack += back;
        } else if (b.reward == 0) {
            require(creditedNow == b.credited, "nothing credited");
        } else if (pending != 0) {
            require(pending == b.reward - base, "the reward credited at the leave is pending");
            require(creditedNow == b.credited, "nothing credited yet");
            ghostPending += pending;
        } else {
            require(creditedNow - b.credited == b.reward - base, "the rest of the reward credited at the leave");
            ghostRewardsPaid += b.reward - base;
        }
    }

    function retry(uint256 idSeed) external {
        if (ids.length == 0) return;
        uint256 id = ids[idSeed % ids.length];
        uint256 pending = pool.pendingReward(id);
        (bool writer,) = ledger.writerOf(address(pool));
        if (pending == 0 || !writer) return;
        address orderOwner = pool.orders(id).owner;
        uint256 creditedBefore = ledger.credited(orderOwner);
        vm.prank(orderOwner);
        pool.retryReward(id);
        require(ledger.credited(orderOwner) - creditedBefore == pending, "the pending reward credited");
        ghostPending -= pending;
        ghostRewardsPaid += pending;
    }

    /// @dev A staker claims its lock balance: finished revocable entries free their ledger slots, which later
    ///      stakes reuse (an early leave must still revoke its own entry, never a reused slot's new one).
    function claim(uint256 stakerSeed) external {
        address staker = stakers[stakerSeed % stakers.length];
        if (ledger.claimable(staker) == 0) return;
        vm.prank(staker);
        ledger.claim();
        claims++;
    }

    /// @dev The owner moves the minimum stake (orders already made are not affected).
    function setMinStake(uint256 amount) external {
        amount = bound(amount, 1, 1_000e18);
        vm.prank(owner);
        pool.setMinStakeAmount(amount);
    }

    function setRate(uint256 periodIndex, uint256 rate) external {
        uint256 lockDays = pool.lockPeriods()[periodIndex % 8];
        rate = bound(rate, 0, 10_000);
        vm.prank(owner);
        pool.setRate(lockDays, rate);
    }

    function setReleaseDuration(uint256 duration) external {
        duration = bound(duration, 0, 365 days);
        vm.prank(owner);
        pool.setRewardReleaseDuration(duration);
    }

    /// @dev The ledger's owner removes the pool as a writer, or proposes it back and executes once due.
    function toggleWriter() external {
        (bool writer,) = ledger.writerOf(address(pool));
        (, uint256 executableAt) = ledger.proposalOf(address(pool));
        vm.startPrank(owner);
        if (writer) ledger.removeWriter(address(pool));
        else if (executableAt == 0) ledger.proposeWriter(address(pool), LockLedger.Kind.Stake);
        // forge-lint: disable-next-line(block-timestamp)
        else if (block.timestamp >= executableAt) ledger.executeWriter(address(pool));
        vm.stopPrank();
    }

    function fund(uint256 amount) external {
        amount = bound(amount, 1, 100_000e18);
        vm.startPrank(owner);
        etro.approve(address(pool), amount);
        pool.fundRewards(amount);
        vm.stopPrank();
        ghostFunded += amount;
    }

    function withdraw(uint256 amount) external {
        uint256 available = pool.availableRewards();
        if (available == 0) return;
        amount = bound(amount, 1, available);
        vm.prank(owner);
        pool.withdrawRewards(owner, amount);
        ghostWithdrawn += amount;
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 60 days));
    }

    function _enterFor(uint256 lockDays, uint256 amount) private returns (uint256) {
        if (lockDays == 30) return pool.enterStaking_30(amount);
        if (lockDays == 60) return pool.enterStaking_60(amount);
        if (lockDays == 90) return pool.enterStaking_90(amount);
        if (lockDays == 120) return pool.enterStaking_120(amount);
        if (lockDays == 150) return pool.enterStaking_150(amount);
        if (lockDays == 180) return pool.enterStaking_180(amount);
        if (lockDays == 210) return pool.enterStaking_210(amount);
        return pool.enterStaking_360(amount);
    }
}
