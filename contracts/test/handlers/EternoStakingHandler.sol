// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random stakes, leaves (on time, early, and repeated), pending-reward retries, reserve funding
///         and withdrawals on one staking pool, and its owner's actions (rates, release duration, and the
///         ledger owner removing the pool as a writer or adding it back through a delayed proposal), with
///         time passing; records what the pool should hold and owe, and checks every leave returns the
///         principal.
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
    mapping(uint256 id => uint256 count) public leaves;
    uint256 public enters;

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
        (bool writer,) = ledger.writerOf(address(pool));
        if (perSecond && reward != 0 && !writer) return; // the ledger refuses the up-front credit
        vm.prank(staker);
        uint256 id = _enterFor(lockDays, amount);
        ids.push(id);
        ghostOpenAmount += amount;
        if (perSecond) ghostRewardsPaid += reward;
        else ghostOpenReward += reward;
        enters++;
    }

    function leaveOrder(uint256 idSeed) external {
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
        (uint256 principal, uint256 reward, bool early,) = pool.quoteLeave(id);
        uint256 before = stakeToken.balanceOf(order.owner);
        uint256 poolEtro = etro.balanceOf(address(pool));
        vm.prank(order.owner);
        pool.leaveStaking(id);
        leaves[id]++;
        require(stakeToken.balanceOf(order.owner) - before == principal, "principal returned");
        require(principal == order.amount, "the whole principal");
        ghostOpenAmount -= order.amount;
        ghostPrincipalReturned += principal;
        if (perSecond) {
            if (early && stakeToken != etro) {
                uint256 back = etro.balanceOf(address(pool)) - poolEtro;
                ghostRewardsPaid -= back;
                ghostRevokedBack += back;
            }
        } else {
            ghostOpenReward -= order.reward;
            uint256 pending = pool.pendingReward(id);
            if (pending != 0) ghostPending += pending;
            else ghostRewardsPaid += reward;
        }
    }

    function retry(uint256 idSeed) external {
        if (ids.length == 0) return;
        uint256 id = ids[idSeed % ids.length];
        uint256 pending = pool.pendingReward(id);
        (bool writer,) = ledger.writerOf(address(pool));
        if (pending == 0 || !writer) return;
        vm.prank(pool.orders(id).owner);
        pool.retryReward(id);
        ghostPending -= pending;
        ghostRewardsPaid += pending;
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
