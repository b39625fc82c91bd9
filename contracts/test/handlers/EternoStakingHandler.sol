// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoStaking} from "../../src/EternoStaking.sol";
import {Test} from "../utils/Test.sol";

/// @notice Random stakes, leaves (on time, early, and repeated), reserve funding and withdrawals on one
///         staking pool, with time passing; records what the pool should hold and owe.
contract EternoStakingHandler is Test {
    EternoStaking public immutable pool;
    IERC20 public immutable stakeToken;
    IERC20 public immutable etro;
    address public immutable owner;
    address[] public stakers;
    uint256[] public ids;

    uint256 public ghostOpenAmount;
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
        vm.prank(staker);
        uint256 id = _enterFor(lockDays, amount);
        ids.push(id);
        ghostOpenAmount += amount;
        ghostOpenReward += reward;
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
        (uint256 principal, uint256 reward,,) = pool.quoteLeave(id);
        uint256 before = stakeToken.balanceOf(order.owner);
        vm.prank(order.owner);
        pool.leaveStaking(id);
        leaves[id]++;
        require(stakeToken.balanceOf(order.owner) - before == principal, "principal returned");
        ghostOpenAmount -= order.amount;
        ghostOpenReward -= order.reward;
        ghostRewardsPaid += reward;
        ghostPrincipalReturned += principal;
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
